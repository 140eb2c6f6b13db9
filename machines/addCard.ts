// Adding a card to verify: type the number (grouped by four, letters refused: src/domain/cardTyping.ts), check it
// here on leaving the field and on submit (length and Luhn, src/domain/requisites.ts), create the verification on
// the server, and hand its uuid to the page, which opens /verification/{uuid}.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Verification } from '../src/api/schemas/verification.ts';
import { typeCard } from '../src/domain/cardTyping.ts';
import { cardProblem, normalizeRequisite } from '../src/domain/requisites.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { hasErrors, withoutError, type FormErrors } from './formErrors.ts';

export const CARD_FIELDS = ['card'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const CARD_CODES = {
  required: 'required',
  characters: 'card_characters',
  length: 'card_length',
  checksum: 'card_checksum',
} as const;

export interface AddCardContext {
  card: string;
  errors: FormErrors<CardField>;
  created: Verification | null;
}

export type AddCardEvent = { type: 'card.changed'; value: string } | { type: 'card.blurred' } | { type: 'submit' };

/** Digits only: people type cards with spaces or dashes. */
export function cardDigits(value: string): string {
  return normalizeRequisite('card', value);
}

/** The check made before sending: a number is given, digits only, 16 to 19 of them, passing the Luhn checksum. */
export function localCardErrors(context: AddCardContext): FormErrors<CardField> {
  if (cardDigits(context.card) === '') return { card: { code: CARD_CODES.required } };
  const problem = cardProblem(context.card);
  return problem === null ? {} : { card: { code: problem } };
}

export const addCardMachine = setup({
  types: { context: {} as AddCardContext, events: {} as AddCardEvent },
  actors: {
    // Provided by the app: POST /api/v1/verify/, rejecting with the error body.
    createVerification: fromPromise<Verification, { card: string }>(async () => {
      throw new Error('createVerification is provided by the app');
    }),
  },
  actions: {
    // Provided by the page: opens /verification/{uuid} of the created verification.
    openVerification: (_, _params: { uuid: string }) => {},
    storeCard: assign(({ event }) => {
      assertEvent(event, 'card.changed');
      return { card: typeCard(event.value).text };
    }),
    flagCardCharacters: assign(({ context }) => ({ errors: { ...context.errors, card: { code: CARD_CODES.characters } } })),
    /** Leaving the field checks a typed number at once; an empty field waits for the submit. */
    checkCard: assign(({ context }) => (cardDigits(context.card) === '' ? {} : { errors: { ...context.errors, ...localCardErrors(context) } })),
    clearErrors: assign(({ context }, { fields }: { fields: readonly string[] }) => ({ errors: withoutError(context.errors, ...fields) })),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: localCardErrors(context) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, CARD_FIELDS) })),
    storeCreated: assign((_, created: Verification) => ({ created })),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(localCardErrors(context)),
    /** Letters or symbols were typed (they are dropped). */
    cardCharactersTyped: ({ event }) => event.type === 'card.changed' && typeCard(event.value).dropped,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'addCard',
  context: { card: '', errors: {}, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'card.changed': [
          {
            guard: 'cardCharactersTyped',
            actions: ['storeCard', { type: 'clearErrors', params: { fields: ['card', 'detail'] } }, 'flagCardCharacters'],
          },
          { actions: ['storeCard', { type: 'clearErrors', params: { fields: ['card', 'detail'] } }] },
        ],
        'card.blurred': { actions: 'checkCard' },
        submit: [{ guard: 'formInvalid', actions: 'showFormErrors' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearAllErrors',
      invoke: {
        src: 'createVerification',
        input: ({ context }) => ({ card: cardDigits(context.card) }),
        onDone: { target: 'created', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: {
      type: 'final',
      entry: { type: 'openVerification', params: ({ context }) => ({ uuid: context.created!.uuid }) },
    },
  },
});
