// The exchange form's chart (docs/product.md §4 "Calculator"): pick a pair, type an amount on either side, fill the
// requisites and create a claim. Every context change is a rule of calculatorRules.ts, named here.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CourseResponse,
  CreateClaimRequest,
  Currency,
  DirectionsResponse,
  PairResponse,
  Reserve,
  SettingsResponse,
} from '../src/api/schemas/index.ts';
import type { ChecksumVerifiers } from '../src/domain/addressChecksums.ts';
import {
  addressChecksumsMissing,
  amountLeft,
  amountRefused,
  amountTypingOf,
  cardCharactersDropped,
  cardCharactersTyped,
  claimErrorsFromBody,
  courseLoaded,
  claimRequestOf,
  directionsLoaded,
  emailLeft,
  formErrors,
  giveTyped,
  initialContext,
  isAddressField,
  NO_PAIR,
  pricesMoved,
  pairLoaded,
  receiveOptionsFromDirections,
  receiveOptionsLoaded,
  receiveTyped,
  requisiteLeft,
  requisiteTyped,
  startingPair,
  verifiedEligibilityChanged,
  verifiedToggled,
  type CalculatorContext,
  type CalculatorEvent,
  type CalculatorInput,
  type CallFailure,
} from './calculatorRules.ts';
import { withoutError } from './formErrors.ts';

export const calculatorMachine = setup({
  types: {
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    input: {} as CalculatorInput,
  },
  actors: {
    /** GET /api/v1/calculator/. */
    loadDirections: fromPromise<DirectionsResponse>(async () => {
      throw new Error('calculator: the app must provide "loadDirections"');
    }),
    /** GET /api/v1/calculator/settings/?cur_from=&cur_to=. */
    loadSettings: fromPromise<SettingsResponse, { curFrom: string | null; curTo: string | null }>(async () => {
      throw new Error('calculator: the app must provide "loadSettings"');
    }),
    /** GET /api/v1/calculator/from/{id}/: the receive options of a give currency. */
    loadReceiveOptions: fromPromise<Currency[], { fromId: number }>(async () => {
      throw new Error('calculator: the app must provide "loadReceiveOptions"');
    }),
    /** GET /api/v1/calculator/pair/{from}/{to}/. */
    loadPair: fromPromise<PairResponse, { fromId: number; toId: number }>(async () => {
      throw new Error('calculator: the app must provide "loadPair"');
    }),
    /** GET /api/v1/calculator/course/{from}/{to}/. */
    loadCourse: fromPromise<CourseResponse, { fromId: number; toId: number }>(async () => {
      throw new Error('calculator: the app must provide "loadCourse"');
    }),
    /** GET /api/v1/calculator/reserves/. */
    loadReserves: fromPromise<Reserve[]>(async () => {
      throw new Error('calculator: the app must provide "loadReserves"');
    }),
    /** The addresses' checksum verifiers (src/domain/addressChecksums.ts), loaded when an address is first reached. */
    loadAddressChecksums: fromPromise<ChecksumVerifiers>(async () => {
      throw new Error('calculator: the app must provide "loadAddressChecksums"');
    }),
    /** POST /api/v1/claim/ → the new claim's uuid; rejects with the error body (CallFailure). */
    createClaim: fromPromise<string, CreateClaimRequest>(async () => {
      throw new Error('calculator: the app must provide "createClaim"');
    }),
    /**
     * Provided by the app: follows the visitor's account for as long as the form is open, sending
     * `verified.eligibility` at once and on every change, and `account.known` with the signed-in user's e-mail.
     */
    watchAccount: fromCallback<CalculatorEvent>(() => undefined),
  },
  actions: {
    /** Provided by the app: opens the created claim's page. */
    openClaim: (_, _params: { uuid: string }) => {},
    /** docs/product.md §8: failures loading directions, pair, course or ids are only logged. The app provides the logger. */
    logError: (_, _params: { what: string; error: unknown }) => {},
    storeDirections: assign((_, directions: DirectionsResponse) => directionsLoaded(directions)),
    pickStartingPair: assign(({ context }, settings: SettingsResponse | null) => startingPair(context, settings)),
    storeReceiveOptions: assign(({ context }, options: Currency[]) => receiveOptionsLoaded(context, options)),
    takeReceiveOptionsFromDirections: assign(({ context }) => receiveOptionsFromDirections(context)),
    applyPair: assign(({ context }, pair: PairResponse) => pairLoaded(context, pair)),
    forgetPair: assign(NO_PAIR),
    applyCourse: assign(({ context }, rates: CourseResponse) => courseLoaded(context, rates)),
    storeReserves: assign((_, reserves: Reserve[]) => ({ reserves })),
    selectGiveCurrency: assign(({ event }) => {
      assertEvent(event, 'from.selected');
      return { fromId: event.id };
    }),
    selectReceiveCurrency: assign(({ event }) => {
      assertEvent(event, 'to.selected');
      return { toId: event.id };
    }),
    typeGive: assign(({ context, event }) => {
      assertEvent(event, 'give.changed');
      return giveTyped(context, event.value);
    }),
    typeReceive: assign(({ context, event }) => {
      assertEvent(event, 'receive.changed');
      return receiveTyped(context, event.value);
    }),
    clampAmount: assign(({ context }) => amountLeft(context)),
    /** The field keeps its text and says why the typed one was refused. */
    refuseAmountText: assign(({ context, event }) => {
      assertEvent(event, ['give.changed', 'receive.changed']);
      return amountRefused(context, event.type === 'give.changed' ? 'from' : 'to', event.value);
    }),
    toggleVerifiedCourse: assign(({ context }) => verifiedToggled(context)),
    storeVerifiedEligibility: assign(({ context, event }) => {
      assertEvent(event, 'verified.eligibility');
      return verifiedEligibilityChanged(context, event.allowed);
    }),
    storeEmail: assign(({ event }) => {
      assertEvent(event, 'email.changed');
      return { email: event.value };
    }),
    checkEmail: assign(({ context }) => emailLeft(context)),
    /** The signed-in user's address fills the field unless the visitor typed one. */
    fillAccountEmail: assign(({ context, event }) => {
      assertEvent(event, 'account.known');
      return { email: context.email.trim() === '' ? event.email : context.email };
    }),
    storeRequisite: assign(({ context, event }) => {
      assertEvent(event, 'requisite.changed');
      return requisiteTyped(context, event.side, event.name, event.value);
    }),
    checkRequisite: assign(({ context, event }) => {
      assertEvent(event, 'requisite.blurred');
      return requisiteLeft(context, event.side, event.name);
    }),
    flagCardCharacters: assign(({ context, event }) => {
      assertEvent(event, 'requisite.changed');
      return cardCharactersDropped(context, event.side, event.name);
    }),
    /** A requisite's own error, its side's general one and the form's general one go with the edit. */
    clearRequisiteErrors: assign(({ context, event }) => {
      assertEvent(event, 'requisite.changed');
      return { errors: withoutError(context.errors, `${event.side}Requisites.${event.name}`, `${event.side}Requisites`, 'detail') };
    }),
    storePromocode: assign(({ event }) => {
      assertEvent(event, 'promocode.changed');
      return { promocode: event.value };
    }),
    storeReferral: assign(({ event }) => {
      assertEvent(event, 'referral.changed');
      return { referral: event.value };
    }),
    storeAgreement: assign(({ event }) => {
      assertEvent(event, 'agreement.changed');
      return { agreed: event.value };
    }),
    storeCaptchaToken: assign(({ event }) => {
      assertEvent(event, 'captcha.solved');
      return { captchaToken: event.token };
    }),
    /** A captcha token is single-use: it is solved again after a failed submit. */
    dropCaptchaToken: assign({ captchaToken: '' }),
    dropFirstNotice: assign(({ context }) => ({ notices: context.notices.slice(1) })),
    /** Editing a field clears the errors it answers for. */
    clearErrors: assign(({ context }, { fields }: { fields: readonly string[] }) => ({ errors: withoutError(context.errors, ...fields) })),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: formErrors(context) })),
    showServerErrors: assign((_, body: CallFailure | undefined) => ({ errors: claimErrorsFromBody(body) })),
    storeClaimUuid: assign((_, uuid: string) => ({ uuid })),
    storeAddressChecksums: assign((_, addressChecksums: ChecksumVerifiers) => ({ addressChecksums })),
  },
  guards: {
    isOtherGiveCurrency: ({ context, event }) =>
      event.type === 'from.selected' && event.id !== context.fromId && context.directions.some((d) => d.id === event.id),
    isOtherReceiveCurrency: ({ context, event }) =>
      event.type === 'to.selected' && event.id !== context.toId && context.receiveOptions.some((c) => c.id === event.id),
    pairUnknown: ({ context }) => context.fromId === null || context.toId === null,
    /** An amount field takes digits and one decimal mark, no more decimals than its currency has. */
    amountTypable: ({ context, event }) =>
      (event.type === 'give.changed' || event.type === 'receive.changed') &&
      amountTypingOf(context, event.type === 'give.changed' ? 'from' : 'to', event.value).problem === null,
    /** Letters or symbols were typed into a card number field. */
    cardCharactersTyped: ({ context, event }) =>
      event.type === 'requisite.changed' && cardCharactersTyped(context, event.side, event.name, event.value),
    /** Only a server-rendered start has these before anything was loaded. */
    pairPreloaded: ({ context }) => context.pair !== null,
    directionsPreloaded: ({ context }) => context.directions.length > 0,
    reservesPreloaded: ({ context }) => context.reserves.length > 0,
    /** On needs a verified course and an account allowed to use it (a guest sees it explained, never priced); off always works. */
    mayToggleVerifiedCourse: ({ context }) => context.verificationCourse !== null && (context.verified || context.verifiedAllowed),
    formInvalid: ({ context }) => Object.keys(formErrors(context)).length > 0,
    /** A filled address field, and its checksums not loaded yet: the submit waits for them. */
    addressChecksumsMissing: ({ context }) => addressChecksumsMissing(context),
    /** The visitor reached an address field and its checksums are not loaded yet. */
    reachedAddressField: ({ context, event }) =>
      (event.type === 'requisite.focused' || event.type === 'requisite.changed') &&
      context.addressChecksums === null &&
      isAddressField(context, event.side, event.name),
    pricesMoved: (_, body: CallFailure | undefined) => pricesMoved(body),
  },
  delays: {
    /** The course is refreshed while the form is open. */
    courseRefresh: 30_000,
    /** Directions that failed to load are asked again after this pause. */
    directionsRetry: 10_000,
  },
}).createMachine({
  id: 'calculator',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  invoke: { src: 'watchAccount' },
  states: {
    form: {
      initial: 'directions',
      on: {
        'verified.eligibility': { actions: 'storeVerifiedEligibility' },
      },
      states: {
        directions: {
          tags: ['loading', 'starting'],
          always: [
            { guard: 'pairPreloaded', target: 'active.ready' },
            { guard: 'directionsPreloaded', target: 'active.pair' },
          ],
          invoke: {
            src: 'loadDirections',
            onDone: { target: 'settings', actions: { type: 'storeDirections', params: ({ event }) => event.output } },
            onError: {
              target: 'unavailable',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'directions', error: event.error }) },
            },
          },
        },
        /** Nothing to trade without directions: docs/product.md §8 shows nothing, so they are asked again after a pause. */
        unavailable: {
          tags: ['loading', 'starting'],
          after: { directionsRetry: 'directions' },
        },
        /** Settings carry the captcha switch and, for a deep link, the ids of the wanted pair. */
        settings: {
          tags: ['loading', 'starting'],
          invoke: {
            src: 'loadSettings',
            input: ({ context }) => ({ curFrom: context.curFrom, curTo: context.curTo }),
            onDone: { target: 'active', actions: { type: 'pickStartingPair', params: ({ event }) => event.output } },
            onError: {
              target: 'active',
              actions: [
                { type: 'logError', params: ({ event }) => ({ what: 'ids', error: event.error }) },
                { type: 'pickStartingPair', params: null },
              ],
            },
          },
        },
        active: {
          initial: 'options',
          on: {
            'from.selected': { guard: 'isOtherGiveCurrency', target: '.options', actions: 'selectGiveCurrency' },
            'to.selected': { guard: 'isOtherReceiveCurrency', target: '.pair', actions: 'selectReceiveCurrency' },
            'email.changed': { actions: ['storeEmail', { type: 'clearErrors', params: { fields: ['email', 'detail'] } }] },
            'email.blurred': { actions: 'checkEmail' },
            'account.known': { actions: 'fillAccountEmail' },
            'requisite.changed': [
              { guard: 'cardCharactersTyped', actions: ['storeRequisite', 'clearRequisiteErrors', 'flagCardCharacters'] },
              { actions: ['storeRequisite', 'clearRequisiteErrors'] },
            ],
            'requisite.blurred': { actions: 'checkRequisite' },
            'promocode.changed': {
              actions: ['storePromocode', { type: 'clearErrors', params: { fields: ['promocode', 'detail'] } }],
            },
            'referral.changed': {
              actions: ['storeReferral', { type: 'clearErrors', params: { fields: ['refferal', 'detail'] } }],
            },
            'agreement.changed': { actions: ['storeAgreement', { type: 'clearErrors', params: { fields: ['agree', 'detail'] } }] },
            'captcha.solved': {
              actions: ['storeCaptchaToken', { type: 'clearErrors', params: { fields: ['recaptcha', 'detail'] } }],
            },
            'notice.closed': { actions: 'dropFirstNotice' },
          },
          states: {
            /** The receive options of the give currency. */
            options: {
              tags: ['loading'],
              invoke: {
                src: 'loadReceiveOptions',
                input: ({ context }) => ({ fromId: context.fromId ?? 0 }),
                onDone: { target: 'pair', actions: { type: 'storeReceiveOptions', params: ({ event }) => event.output } },
                onError: {
                  // The directions list names the same options: the form stays usable.
                  target: 'pair',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ what: 'ids', error: event.error }) },
                    'takeReceiveOptionsFromDirections',
                  ],
                },
              },
            },
            pair: {
              tags: ['loading'],
              always: { guard: 'pairUnknown', target: 'noPair' },
              invoke: {
                src: 'loadPair',
                input: ({ context }) => ({ fromId: context.fromId ?? 0, toId: context.toId ?? 0 }),
                onDone: { target: 'ready', actions: { type: 'applyPair', params: ({ event }) => event.output } },
                onError: {
                  target: 'noPair',
                  actions: { type: 'logError', params: ({ event }) => ({ what: 'pair', error: event.error }) },
                },
              },
            },
            /** No pair to trade (none offered, or it failed to load): the pickers stay usable, nothing can be sent. */
            noPair: {
              entry: 'forgetPair',
            },
            ready: {
              initial: 'idle',
              on: {
                'give.changed': [
                  {
                    guard: 'amountTypable',
                    actions: ['typeGive', { type: 'clearErrors', params: { fields: ['fromSumma', 'toSumma', 'detail'] } }],
                  },
                  { actions: 'refuseAmountText' },
                ],
                'receive.changed': [
                  {
                    guard: 'amountTypable',
                    actions: ['typeReceive', { type: 'clearErrors', params: { fields: ['fromSumma', 'toSumma', 'detail'] } }],
                  },
                  { actions: 'refuseAmountText' },
                ],
                'give.blurred': { actions: 'clampAmount' },
                'receive.blurred': { actions: 'clampAmount' },
                'verified.toggled': { guard: 'mayToggleVerifiedCourse', target: '.course', actions: 'toggleVerifiedCourse' },
                submit: [
                  { guard: 'addressChecksumsMissing', target: '#calculator.form.checkingAddresses' },
                  { guard: 'formInvalid', actions: 'showFormErrors' },
                  { target: '#calculator.form.submitting' },
                ],
              },
              states: {
                idle: {
                  after: { courseRefresh: 'course' },
                },
                course: {
                  invoke: {
                    src: 'loadCourse',
                    input: ({ context }) => ({ fromId: context.fromId ?? 0, toId: context.toId ?? 0 }),
                    onDone: { target: 'idle', actions: { type: 'applyCourse', params: ({ event }) => event.output } },
                    onError: {
                      target: 'idle',
                      actions: { type: 'logError', params: ({ event }) => ({ what: 'course', error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },
        /** A submit with an address typed before its checksums had loaded waits for them; the fields are frozen meanwhile. */
        checkingAddresses: {
          tags: ['busy'],
          invoke: {
            src: 'loadAddressChecksums',
            onDone: { target: 'addressesChecked', actions: { type: 'storeAddressChecksums', params: ({ event }) => event.output } },
            // The server checks the checksums too: without them the form is judged on the patterns alone.
            onError: {
              target: 'addressesChecked',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'address checksums', error: event.error }) },
            },
          },
        },
        /** The submit goes on as it would have from the ready form. */
        addressesChecked: {
          tags: ['busy'],
          always: [
            { guard: 'formInvalid', target: 'active.ready', actions: 'showFormErrors' },
            { target: 'submitting' },
          ],
        },
        /** A second submit is not handled here, so it is ignored; the fields are frozen meanwhile. */
        submitting: {
          tags: ['busy'],
          entry: 'clearAllErrors',
          invoke: {
            src: 'createClaim',
            input: ({ context }) => claimRequestOf(context),
            onDone: { target: 'created', actions: { type: 'storeClaimUuid', params: ({ event }) => event.output } },
            onError: [
              {
                // The course or the limits moved since the form loaded them: their message stays, the course reloads.
                guard: { type: 'pricesMoved', params: ({ event }) => event.error as CallFailure | undefined },
                target: 'active.ready.course',
                actions: [
                  { type: 'showServerErrors', params: ({ event }) => event.error as CallFailure | undefined },
                  'dropCaptchaToken',
                ],
              },
              {
                target: 'active.ready',
                actions: [
                  { type: 'showServerErrors', params: ({ event }) => event.error as CallFailure | undefined },
                  'dropCaptchaToken',
                ],
              },
            ],
          },
        },
        /** The claim's page is opened; the form stays frozen until it is. */
        created: {
          type: 'final',
          tags: ['busy'],
          entry: { type: 'openClaim', params: ({ context }) => ({ uuid: context.uuid! }) },
        },
      },
    },
    /** The addresses' checksum code loads when the visitor first focuses or types in an address field. */
    addressChecksums: {
      initial: 'unloaded',
      states: {
        unloaded: {
          on: {
            'requisite.focused': { guard: 'reachedAddressField', target: 'loading' },
            'requisite.changed': { guard: 'reachedAddressField', target: 'loading' },
          },
        },
        loading: {
          invoke: {
            src: 'loadAddressChecksums',
            onDone: { target: 'loaded', actions: { type: 'storeAddressChecksums', params: ({ event }) => event.output } },
            // Tried again on the next focus, and by the submit.
            onError: {
              target: 'unloaded',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'address checksums', error: event.error }) },
            },
          },
        },
        loaded: {},
      },
    },
    reserves: {
      initial: 'loading',
      states: {
        loading: {
          always: { guard: 'reservesPreloaded', target: 'ready' },
          invoke: {
            src: 'loadReserves',
            onDone: { target: 'ready', actions: { type: 'storeReserves', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'reserves', error: event.error }) },
            },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});

export type CalculatorMachine = typeof calculatorMachine;
