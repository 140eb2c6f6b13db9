// The exchange form (SPEC §4 "Calculator"): pick a pair, type an amount on either side, fill the requisites and
// create a claim. The give amount is the source of truth; every amount goes through src/domain/money.ts.
import { and, assign, fromPromise, setup } from 'xstate';
import type {
  CourseResponse,
  CreateClaimRequest,
  Currency,
  DirectionsResponse,
  FormField,
  PairResponse,
  PairSide,
  Reserve,
  SettingsResponse,
} from '../src/api/schemas/index.ts';
import {
  clamp,
  compare,
  giveFromReceive,
  giveMaximum,
  giveMinimum,
  isPositive,
  parseAmount,
  receiveFromGive,
  type Decimal,
} from '../src/domain/money.ts';
import { requisiteValid } from '../src/domain/requisites.ts';

export type Side = 'from' | 'to';

/** A code the view translates, or the server's own message (already in the interface language). */
export type CalculatorError =
  | {
      code:
        | 'required'
        | 'invalid'
        | 'agreement_required'
        | 'below_min'
        | 'above_max'
        | 'above_reserve'
        | 'network_error'
        | 'unknown';
    }
  | { code: 'server'; message: string };

/**
 * Errors by field: 'email', 'fromSumma', 'toSumma', 'promocode', 'refferal', 'recaptcha', 'agree', requisites as
 * 'fromRequisites.<name>' / 'toRequisites.<name>', and 'detail' for what belongs to no field.
 */
export type CalculatorErrors = Record<string, CalculatorError>;

export interface Limits {
  give: { min: Decimal | null; max: Decimal | null };
  receive: { min: Decimal | null; max: Decimal | null };
}

export interface CalculatorInput {
  /** Currency codes of `?cur_from=&cur_to=`. */
  curFrom?: string | null;
  curTo?: string | null;
  /** Referral code remembered from `?ref=` (the app keeps it in the `ref` cookie). */
  referral?: string | null;
}

export interface CalculatorContext {
  curFrom: string | null;
  curTo: string | null;
  currencies: Currency[];
  directions: DirectionsResponse['directions'];
  receiveOptions: Currency[];
  fromId: number | null;
  toId: number | null;
  pair: PairResponse | null;
  course: Decimal | null;
  verificationCourse: Decimal | null;
  verified: boolean;
  limits: Limits | null;
  /** Canonical give amount, or null while the typed text is not a number. */
  give: Decimal | null;
  /** What the amount fields show: the typed text of the side being edited, the computed value of the other. */
  giveText: string;
  receiveText: string;
  email: string;
  requisites: Record<Side, Record<string, string>>;
  promocode: string;
  referral: string;
  agreed: boolean;
  captchaRequired: boolean;
  captchaToken: string;
  errors: CalculatorErrors;
  /** Notify texts of the pair's sides, shown one after another in the 'Notification' modal. */
  notices: string[];
  reserves: Reserve[];
  uuid: string | null;
}

export type CalculatorEvent =
  | { type: 'give.changed'; value: string }
  | { type: 'receive.changed'; value: string }
  | { type: 'give.blurred' }
  | { type: 'receive.blurred' }
  | { type: 'from.selected'; id: number }
  | { type: 'to.selected'; id: number }
  | { type: 'verified.toggled' }
  | { type: 'email.changed'; value: string }
  /** The signed-in user's e-mail: it fills the e-mail field unless the visitor typed one. */
  | { type: 'account.known'; email: string }
  | { type: 'requisite.changed'; side: Side; name: string; value: string }
  | { type: 'promocode.changed'; value: string }
  | { type: 'referral.changed'; value: string }
  | { type: 'agreement.changed'; value: boolean }
  | { type: 'captcha.solved'; token: string }
  | { type: 'notice.closed' }
  | { type: 'submit' };

/** How the app reports a failed call to the machine: the DRF error body, or a code for a network failure. */
export type CallFailure = Record<string, unknown>;

// ---------- pure helpers (exported for the view and the tests) ----------

/** The fields of a side the pair marks visible: only these are shown, checked and sent. */
export function visibleFields(side: PairSide | undefined): FormField[] {
  return side ? side.structure.input.filter((field) => field.visible) : [];
}

function effectiveCourse(context: Pick<CalculatorContext, 'course' | 'verificationCourse' | 'verified'>): Decimal | null {
  return context.verified && context.verificationCourse ? context.verificationCourse : context.course;
}

/** Limits of both sides for the current course and switch; a missing side minimum is derived from the other. */
export function limitsOf(pair: PairResponse, course: Decimal, verified: boolean): Limits {
  const giveMin = giveMinimum(
    { min: pair.from.min, minVerification: pair.from.minVerification, decimals: pair.from.roundCalculator },
    { min: pair.to.min, minVerification: pair.to.minVerification },
    course,
    verified,
  );
  const giveMax = giveMaximum({ max: pair.from.max, decimals: pair.from.roundCalculator }, { max: pair.to.max }, course);
  const ownReceiveMin = verified ? (pair.to.minVerification ?? pair.to.min) : pair.to.min;
  const round = pair.to.roundCalculator;
  return {
    give: { min: giveMin, max: giveMax },
    receive: {
      min: ownReceiveMin ?? (giveMin === null ? null : receiveFromGive(giveMin, course, round)),
      max: pair.to.max ?? (giveMax === null ? null : receiveFromGive(giveMax, course, round)),
    },
  };
}

function receiveOf(give: Decimal | null, context: CalculatorContext): string {
  const course = effectiveCourse(context);
  if (give === null || course === null || !context.pair) return '';
  return receiveFromGive(give, course, context.pair.to.roundCalculator);
}

/** The give amount and both field texts once `give` is settled (typing in give, or any recomputation). */
function amountsFromGive(give: Decimal | null, context: CalculatorContext) {
  return { give, giveText: give ?? context.giveText, receiveText: receiveOf(give, context) };
}

/** Give clamped into the limits; an empty or unreadable amount becomes the minimum. */
function clampedGive(context: CalculatorContext): Decimal | null {
  const limits = context.limits;
  if (!limits) return context.give;
  const give = context.give ?? limits.give.min;
  if (give === null) return null;
  return clamp(give, limits.give);
}

/** Recomputes course-dependent values after a course or switch change: limits, then the receive amount. */
function withCourse(context: CalculatorContext, course: Decimal | null, verificationCourse: Decimal | null, verified: boolean) {
  const next = { ...context, course, verificationCourse, verified: verified && verificationCourse !== null };
  const effective = effectiveCourse(next);
  const limits = next.pair && effective ? limitsOf(next.pair, effective, next.verified) : null;
  return { ...next, limits };
}

function requisitesFor(fields: FormField[], previous: Record<string, string>): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.name, previous[field.name] ?? '']));
}

function omit(errors: CalculatorErrors, ...keys: string[]): CalculatorErrors {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks done before anything is sent; the server repeats every one of them. */
export function formErrors(context: CalculatorContext): CalculatorErrors {
  const errors: CalculatorErrors = {};
  const email = context.email.trim();
  if (email === '') errors.email = { code: 'required' };
  else if (!EMAIL_PATTERN.test(email)) errors.email = { code: 'invalid' };

  const limits = context.limits;
  if (context.give === null || !isPositive(context.give)) errors.fromSumma = { code: 'required' };
  else if (limits?.give.min && compare(context.give, limits.give.min) < 0) errors.fromSumma = { code: 'below_min' };
  else if (limits?.give.max && compare(context.give, limits.give.max) > 0) errors.fromSumma = { code: 'above_max' };
  else if (context.pair && compare(receiveOf(context.give, context), context.pair.reserve) > 0) {
    errors.toSumma = { code: 'above_reserve' };
  }

  for (const side of ['from', 'to'] as const) {
    for (const field of visibleFields(context.pair?.[side])) {
      const value = context.requisites[side][field.name] ?? '';
      const key = `${side}Requisites.${field.name}`;
      if (value.trim() === '') {
        if (field.required) errors[key] = { code: 'required' };
      } else if (!requisiteValid(field.check, value)) errors[key] = { code: 'invalid' };
    }
  }
  if (context.captchaRequired && context.captchaToken === '') errors.recaptcha = { code: 'required' };
  if (!context.agreed) errors.agree = { code: 'agreement_required' };
  return errors;
}

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return firstText(value[0]);
  return null;
}

/**
 * A DRF error body as field errors: an array gives its first item, a nested object (requisites) gives dotted
 * keys such as 'fromRequisites.card'. A body with nothing usable (a network failure) gives a general error.
 */
export function claimErrorsFromBody(body: CallFailure | undefined): CalculatorErrors {
  const errors: CalculatorErrors = {};
  const visit = (prefix: string, value: unknown) => {
    const text = firstText(value);
    if (text !== null) {
      errors[prefix === 'non_field_errors' ? 'detail' : prefix] ??= { code: 'server', message: text };
      return;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(`${prefix}.${key}`, inner);
    }
  };
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key !== 'code') visit(key, value);
  }
  if (Object.keys(errors).length === 0) {
    errors.detail = { code: body?.code === 'network_error' ? 'network_error' : 'unknown' };
  }
  return errors;
}

/** The create-claim payload (SPEC §3): only visible requisites, the captcha token only when it is switched on. */
export function claimRequestOf(context: CalculatorContext): CreateClaimRequest {
  const pick = (side: Side) =>
    Object.fromEntries(
      visibleFields(context.pair?.[side]).map((field) => [field.name, context.requisites[side][field.name]?.trim() ?? '']),
    );
  const request: CreateClaimRequest = {
    email: context.email.trim(),
    fromPs: context.fromId ?? 0,
    toPs: context.toId ?? 0,
    fromSumma: context.give ?? '',
    toSumma: receiveOf(context.give, context),
    fromRequisites: pick('from'),
    toRequisites: pick('to'),
    withVerificationCourse: context.verified,
    agree: context.agreed,
  };
  if (context.referral.trim() !== '') request.refferal = context.referral.trim();
  if (context.promocode.trim() !== '') request.promocode = context.promocode.trim();
  if (context.captchaRequired) request.recaptcha = context.captchaToken;
  return request;
}

/** Give currencies in the order of the directions list. */
export function giveCurrencies(context: Pick<CalculatorContext, 'currencies' | 'directions'>): Currency[] {
  const byId = new Map(context.currencies.map((currency) => [currency.id, currency]));
  return context.directions.flatMap((direction) => byId.get(direction.id) ?? []);
}

function receiveIdsOf(context: CalculatorContext, fromId: number | null): number[] {
  return context.directions.find((direction) => direction.id === fromId)?.ids ?? [];
}

/** The pair to start with: the deep link's ids when they trade, else the first give currency and its first option. */
function initialPair(context: CalculatorContext, settings: SettingsResponse | null) {
  const wanted = settings?.exchangeAttributes;
  const fromId =
    context.directions.find((direction) => direction.id === wanted?.fromCurrencyId)?.id ?? context.directions[0]?.id ?? null;
  const ids = receiveIdsOf(context, fromId);
  const toId = ids.find((id) => id === wanted?.toCurrencyId) ?? ids[0] ?? null;
  return { fromId, toId };
}

// ---------- the machine ----------

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
    /** POST /api/v1/claim/ → the new claim's uuid; rejects with the error body (CallFailure). */
    createClaim: fromPromise<string, CreateClaimRequest>(async () => {
      throw new Error('calculator: the app must provide "createClaim"');
    }),
  },
  actions: {
    /** SPEC §8: failures loading directions, pair, course or ids are only logged. The app provides the logger. */
    logError: (_, _params: { what: string; error: unknown }) => {},
  },
  guards: {
    isOtherGiveCurrency: ({ context, event }) =>
      event.type === 'from.selected' && event.id !== context.fromId && context.directions.some((d) => d.id === event.id),
    isOtherReceiveCurrency: ({ context, event }) =>
      event.type === 'to.selected' && event.id !== context.toId && context.receiveOptions.some((c) => c.id === event.id),
    pairUnknown: ({ context }) => context.fromId === null || context.toId === null,
    pairLoaded: ({ context }) => context.pair !== null,
    hasVerificationCourse: ({ context }) => context.verificationCourse !== null,
    formInvalid: ({ context }) => Object.keys(formErrors(context)).length > 0,
  },
  delays: {
    /** The course is refreshed while the form is open. */
    courseRefresh: 30_000,
    /** Directions that failed to load are asked again after this pause. */
    directionsRetry: 10_000,
  },
}).createMachine({
  id: 'calculator',
  context: ({ input }) => ({
    curFrom: input.curFrom || null,
    curTo: input.curTo || null,
    currencies: [],
    directions: [],
    receiveOptions: [],
    fromId: null,
    toId: null,
    pair: null,
    course: null,
    verificationCourse: null,
    verified: false,
    limits: null,
    give: null,
    giveText: '',
    receiveText: '',
    email: '',
    requisites: { from: {}, to: {} },
    promocode: '',
    referral: input.referral ?? '',
    agreed: false,
    captchaRequired: false,
    captchaToken: '',
    errors: {},
    notices: [],
    reserves: [],
    uuid: null,
  }),
  type: 'parallel',
  states: {
    form: {
      initial: 'directions',
      states: {
        directions: {
          tags: ['loading'],
          invoke: {
            src: 'loadDirections',
            onDone: {
              target: 'settings',
              actions: assign({
                currencies: ({ event }) => event.output.currencies,
                directions: ({ event }) => event.output.directions,
              }),
            },
            onError: {
              target: 'unavailable',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'directions', error: event.error }) },
            },
          },
        },
        /** Nothing to trade without directions: SPEC §8 shows nothing, so they are asked again after a pause. */
        unavailable: {
          tags: ['loading'],
          after: { directionsRetry: 'directions' },
        },
        /** Settings carry the captcha switch and, for a deep link, the ids of the wanted pair. */
        settings: {
          tags: ['loading'],
          invoke: {
            src: 'loadSettings',
            input: ({ context }) => ({ curFrom: context.curFrom, curTo: context.curTo }),
            onDone: {
              target: 'active',
              actions: assign(({ context, event }) => ({
                captchaRequired: event.output.captchaClaim,
                ...initialPair(context, event.output),
              })),
            },
            onError: {
              target: 'active',
              actions: [
                { type: 'logError', params: ({ event }) => ({ what: 'ids', error: event.error }) },
                assign(({ context }) => initialPair(context, null)),
              ],
            },
          },
        },
        active: {
          initial: 'options',
          on: {
            'from.selected': {
              guard: 'isOtherGiveCurrency',
              target: '.options',
              actions: assign({ fromId: ({ event }) => event.id }),
            },
            'to.selected': {
              guard: 'isOtherReceiveCurrency',
              target: '.pair',
              actions: assign({ toId: ({ event }) => event.id }),
            },
            'email.changed': {
              actions: assign({
                email: ({ event }) => event.value,
                errors: ({ context }) => omit(context.errors, 'email', 'detail'),
              }),
            },
            'account.known': {
              actions: assign({ email: ({ context, event }) => (context.email.trim() === '' ? event.email : context.email) }),
            },
            'requisite.changed': {
              actions: assign(({ context, event }) => ({
                requisites: {
                  ...context.requisites,
                  [event.side]: { ...context.requisites[event.side], [event.name]: event.value },
                },
                errors: omit(context.errors, `${event.side}Requisites.${event.name}`, `${event.side}Requisites`, 'detail'),
              })),
            },
            'promocode.changed': {
              actions: assign({
                promocode: ({ event }) => event.value,
                errors: ({ context }) => omit(context.errors, 'promocode', 'detail'),
              }),
            },
            'referral.changed': {
              actions: assign({
                referral: ({ event }) => event.value,
                errors: ({ context }) => omit(context.errors, 'refferal', 'detail'),
              }),
            },
            'agreement.changed': {
              actions: assign({
                agreed: ({ event }) => event.value,
                errors: ({ context }) => omit(context.errors, 'agree', 'detail'),
              }),
            },
            'captcha.solved': {
              actions: assign({
                captchaToken: ({ event }) => event.token,
                errors: ({ context }) => omit(context.errors, 'recaptcha', 'detail'),
              }),
            },
            'notice.closed': { actions: assign({ notices: ({ context }) => context.notices.slice(1) }) },
          },
          states: {
            /** The receive options of the give currency; the receive currency stays only if still offered. */
            options: {
              tags: ['loading'],
              invoke: {
                src: 'loadReceiveOptions',
                input: ({ context }) => ({ fromId: context.fromId ?? 0 }),
                onDone: {
                  target: 'pair',
                  actions: assign(({ context, event }) => ({
                    receiveOptions: event.output,
                    toId: event.output.some((c) => c.id === context.toId) ? context.toId : (event.output[0]?.id ?? null),
                  })),
                },
                onError: {
                  // The directions list names the same options: the form stays usable.
                  target: 'pair',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ what: 'ids', error: event.error }) },
                    assign(({ context }) => {
                      const ids = receiveIdsOf(context, context.fromId);
                      const receiveOptions = context.currencies.filter((c) => ids.includes(c.id));
                      const toId = ids.includes(context.toId ?? -1) ? context.toId : (ids[0] ?? null);
                      return { receiveOptions, toId };
                    }),
                  ],
                },
              },
            },
            pair: {
              tags: ['loading'],
              always: { guard: 'pairUnknown', target: 'ready' },
              invoke: {
                src: 'loadPair',
                input: ({ context }) => ({ fromId: context.fromId ?? 0, toId: context.toId ?? 0 }),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => {
                    const pair = event.output;
                    const next = withCourse({ ...context, pair }, pair.course, pair.verificationCourse, context.verified);
                    const give = next.limits?.give.min ?? context.give;
                    return {
                      ...next,
                      ...amountsFromGive(give, next),
                      requisites: {
                        from: requisitesFor(visibleFields(pair.from), context.requisites.from),
                        to: requisitesFor(visibleFields(pair.to), context.requisites.to),
                      },
                      errors: {},
                      notices: [pair.from.notify, pair.to.notify].filter((text): text is string => !!text),
                    };
                  }),
                },
                onError: {
                  target: 'ready',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ what: 'pair', error: event.error }) },
                    assign({ pair: null, course: null, verificationCourse: null, limits: null }),
                  ],
                },
              },
            },
            ready: {
              initial: 'idle',
              on: {
                'give.changed': {
                  actions: assign(({ context, event }) => ({
                    ...amountsFromGive(parseAmount(event.value), context),
                    giveText: event.value,
                    errors: omit(context.errors, 'fromSumma', 'toSumma', 'detail'),
                  })),
                },
                'receive.changed': {
                  actions: assign(({ context, event }) => {
                    const receive = parseAmount(event.value);
                    const course = effectiveCourse(context);
                    const give =
                      receive !== null && course !== null && context.pair
                        ? giveFromReceive(receive, course, context.pair.from.roundCalculator)
                        : null;
                    return {
                      give,
                      giveText: give ?? '',
                      receiveText: event.value,
                      errors: omit(context.errors, 'fromSumma', 'toSumma', 'detail'),
                    };
                  }),
                },
                'give.blurred': { actions: assign(({ context }) => amountsFromGive(clampedGive(context), context)) },
                'receive.blurred': { actions: assign(({ context }) => amountsFromGive(clampedGive(context), context)) },
                'verified.toggled': {
                  guard: 'hasVerificationCourse',
                  target: '.course',
                  actions: assign(({ context }) => {
                    const next = withCourse(context, context.course, context.verificationCourse, !context.verified);
                    return { ...next, ...amountsFromGive(clampedGive(next), next) };
                  }),
                },
                submit: [
                  {
                    guard: and(['pairLoaded', 'formInvalid']),
                    actions: assign({ errors: ({ context }) => formErrors(context) }),
                  },
                  { guard: 'pairLoaded', target: '#calculator.form.submitting' },
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
                    onDone: {
                      target: 'idle',
                      actions: assign(({ context, event }) => {
                        const next = withCourse(context, event.output.course, event.output.verificationCourse, context.verified);
                        return { ...next, ...amountsFromGive(context.give, next), giveText: context.giveText };
                      }),
                    },
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
        /** A second submit is not handled here, so it is ignored; the fields are frozen meanwhile. */
        submitting: {
          tags: ['busy'],
          entry: assign({ errors: {} }),
          invoke: {
            src: 'createClaim',
            input: ({ context }) => claimRequestOf(context),
            onDone: { target: 'created', actions: assign({ uuid: ({ event }) => event.output }) },
            onError: {
              target: 'active.ready',
              // A captcha token is single-use: it is solved again after a failure.
              actions: assign({
                errors: ({ event }) => claimErrorsFromBody(event.error as CallFailure | undefined),
                captchaToken: '',
              }),
            },
          },
        },
        /** The view navigates to /claim/{uuid}. */
        created: { type: 'final', tags: ['busy'] },
      },
    },
    reserves: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadReserves',
            onDone: { target: 'ready', actions: assign({ reserves: ({ event }) => event.output }) },
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
