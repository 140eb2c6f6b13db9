// The sign-in form: edit, check the required fields, send once, then leave for the account by a full page load.
import { assign, fromPromise, setup } from 'xstate';
import type { LoginRequest } from '../src/api/schemas/user.ts';
import { errorsFromBody, hasErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

export type LoginField = 'email' | 'password';
const FIELDS: readonly LoginField[] = ['email', 'password'];

export interface LoginInput {
  /** settings.captchaLogin: the captcha token must be sent. */
  captchaRequired: boolean;
}

export interface LoginContext {
  email: string;
  password: string;
  /** Shown to the user; deliberately not sent (the refresh cookie lifetime is the server's choice). */
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
  const request: LoginRequest = { email: context.email.trim().toLowerCase(), password: context.password };
  if (context.captchaRequired) request.recaptcha = context.recaptcha;
  return request;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** POST /front-api/auth/login/ → the access token; rejects with the error body. */
    login: fromPromise<string, LoginRequest>(async () => {
      throw new Error('login: the app must provide the "login" actor');
    }),
  },
  actions: {
    /** Tells the session the new access token. */
    notifySession: (_, _params: { access: string }) => {},
    /** Full page load of /account/orders in the current locale. */
    redirectToAccount: () => {},
  },
  guards: {
    filledIn: ({ context }) => !hasErrors(requiredErrors(context, FIELDS)),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    remember: false,
    captchaRequired: input.captchaRequired,
    recaptcha: '',
    errors: {},
  }),
  on: {
    'field.changed': {
      actions: assign(({ context, event }) => ({
        [event.name]: event.value,
        errors: withoutError(context.errors, event.name),
      })),
    },
    'remember.changed': { actions: assign({ remember: ({ event }) => event.value }) },
    'captcha.changed': { actions: assign({ recaptcha: ({ event }) => event.token }) },
    'captcha.configured': { actions: assign({ captchaRequired: ({ event }) => event.required }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [
          { guard: 'filledIn', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => requiredErrors(context, FIELDS) }) },
        ],
      },
    },
    /** A second submit is not handled here, so it is ignored. */
    submitting: {
      tags: ['busy'],
      entry: assign({ errors: {} }),
      invoke: {
        src: 'login',
        input: ({ context }) => loginRequestOf(context),
        onDone: {
          target: 'succeeded',
          actions: { type: 'notifySession', params: ({ event }) => ({ access: event.output }) },
        },
        onError: {
          target: 'editing',
          // A captcha token is single-use: the widget is solved again after a failure.
          actions: assign({ errors: ({ event }) => errorsFromBody(event.error, FIELDS), recaptcha: '' }),
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
