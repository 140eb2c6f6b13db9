// The sign-in form: edit, check the required fields, send once, then leave for the account by a full page load.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { LoginRequest } from '../src/api/schemas/user.ts';
import { normalizeEmail } from '../src/domain/email.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { hasErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

export type LoginField = 'email' | 'password';
const FIELDS: readonly LoginField[] = ['email', 'password'];

export interface LoginInput {
  /** settings.captchaLogin: the captcha token must be sent. */
  captchaRequired: boolean;
}

export interface LoginContext {
  email: string;
  password: string;
  /** "Remember me": travels beside the request (not in its body), choosing a lasting or a browser-session login. */
  remember: boolean;
  captchaRequired: boolean;
  /** Token of a solved captcha; '' while unsolved. */
  recaptcha: string;
  errors: FormErrors<LoginField>;
}

export type LoginEvent =
  | { type: 'field.changed'; name: LoginField; value: string }
  | { type: 'remember.changed'; value: boolean }
  | { type: 'captcha.changed'; token: string }
  | { type: 'captcha.configured'; required: boolean }
  | { type: 'submit' };

/** What is sent: the e-mail lowercased, the captcha only when it is switched on. */
export function loginRequestOf(context: LoginContext): LoginRequest {
  const request: LoginRequest = { email: normalizeEmail(context.email), password: context.password };
  if (context.captchaRequired) request.recaptcha = context.recaptcha;
  return request;
}

/** One sign-in: the body docs/product.md §7 fixes, and the remember-me choice that goes as a query parameter. */
export interface LoginAttempt {
  request: LoginRequest;
  remember: boolean;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** Provided by the app: sends `captcha.configured` with the public settings' switch, at once and on every change. */
    watchCaptchaSetting: fromCallback<LoginEvent>(() => undefined),
    /** POST /front-api/auth/login/ → the access token; rejects with the error body. */
    login: fromPromise<string, LoginAttempt>(async () => {
      throw new Error('login: the app must provide the "login" actor');
    }),
  },
  actions: {
    /** Tells the session the new access token. */
    notifySession: (_, _params: { access: string }) => {},
    /** Full page load of /account/orders in the current locale. */
    redirectToAccount: () => {},
    storeField: assign(({ event }) => {
      assertEvent(event, 'field.changed');
      return { [event.name]: event.value };
    }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return { errors: withoutError(context.errors, event.name) };
    }),
    storeRemember: assign(({ event }) => {
      assertEvent(event, 'remember.changed');
      return { remember: event.value };
    }),
    storeCaptchaToken: assign(({ event }) => {
      assertEvent(event, 'captcha.changed');
      return { recaptcha: event.token };
    }),
    /** A captcha token is single-use: the widget is solved again after a failure. */
    dropCaptchaToken: assign({ recaptcha: '' }),
    configureCaptcha: assign(({ event }) => {
      assertEvent(event, 'captcha.configured');
      return { captchaRequired: event.required };
    }),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: requiredErrors(context, FIELDS) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, FIELDS) })),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(requiredErrors(context, FIELDS)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    remember: false,
    captchaRequired: input.captchaRequired,
    recaptcha: '',
    errors: {},
  }),
  invoke: { src: 'watchCaptchaSetting' },
  on: {
    'field.changed': { actions: ['storeField', 'clearFieldError'] },
    'remember.changed': { actions: 'storeRemember' },
    'captcha.changed': { actions: 'storeCaptchaToken' },
    'captcha.configured': { actions: 'configureCaptcha' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [{ guard: 'formInvalid', actions: 'showFormErrors' }, { target: 'submitting' }],
      },
    },
    /** A second submit is not handled here, so it is ignored. */
    submitting: {
      tags: ['busy'],
      entry: 'clearAllErrors',
      invoke: {
        src: 'login',
        input: ({ context }) => ({ request: loginRequestOf(context), remember: context.remember }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'notifySession', params: ({ event }) => ({ access: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) }, 'dropCaptchaToken'],
        },
      },
    },
    /** The page is being replaced; the form stays disabled meanwhile. */
    succeeded: {
      tags: ['busy'],
      type: 'final',
      entry: 'redirectToAccount',
    },
  },
});

export type LoginMachine = typeof loginMachine;
