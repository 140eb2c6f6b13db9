// Adding a card to verify: type the number, check it here (length and Luhn, src/domain/requisites.ts), create the verification on the
// server, and hand its uuid to the page, which opens /verification/{uuid}.
import { assign, fromPromise, setup } from 'xstate';
import type { Verification } from '../src/api/schemas/verification.ts';
import { normalizeRequisite, requisiteValid } from '../src/domain/requisites.ts';
import { errorsFromBody, withoutError, type FormErrors } from './formErrors.ts';

export const CARD_FIELDS = ['card'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const CARD_CODES = {
  required: 'required',
  invalid: 'card_invalid',
} as const;

export interface AddCardContext {
  card: string;
  errors: FormErrors<CardField>;
  created: Verification | null;
}

export type AddCardEvent = { type: 'card.changed'; value: string } | { type: 'submit' };

/** Digits only: people type cards with spaces or dashes. */
export function cardDigits(value: string): string {
  return normalizeRequisite('card', value);
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
  },
  guards: {
    cardMissing: ({ context }) => cardDigits(context.card) === '',
    // 16 to 19 digits passing the Luhn checksum.
    cardInvalid: ({ context }) => !requisiteValid('card', context.card),
  },
}).createMachine({
  id: 'addCard',
  context: { card: '', errors: {}, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'card.changed': {
          actions: assign({
            card: ({ event }) => event.value,
            errors: ({ context }) => withoutError(context.errors, 'card', 'detail'),
          }),
        },
        submit: { target: 'validating' },
      },
    },
    validating: {
      always: [
        { guard: 'cardMissing', target: 'editing', actions: assign({ errors: { card: { code: CARD_CODES.required } } }) },
        { guard: 'cardInvalid', target: 'editing', actions: assign({ errors: { card: { code: CARD_CODES.invalid } } }) },
        { target: 'submitting', actions: assign({ errors: {} }) },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'createVerification',
        input: ({ context }) => ({ card: cardDigits(context.card) }),
        onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ errors: ({ event }) => errorsFromBody(event.error, CARD_FIELDS) }),
        },
      },
    },
    created: {
      type: 'final',
      entry: { type: 'openVerification', params: ({ context }) => ({ uuid: context.created!.uuid }) },
    },
  },
});
