// The operator's session in the back office: find out whether one is open, sign in with e-mail, password and a
// one-time code, sign out; a 401 from any call ends it (idle timeout, revoked, operator disabled).
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { OpsOperator, OpsSignInRequest } from '../src/api/schemas/ops.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { hasErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

export type OpsSignInField = 'email' | 'password' | 'code';
const FIELDS: readonly OpsSignInField[] = ['email', 'password', 'code'];

export interface OpsSessionContext {
  email: string;
  password: string;
  code: string;
  errors: FormErrors<OpsSignInField>;
  operator: OpsOperator | null;
}

export type OpsSessionEvent =
  | { type: 'field.changed'; name: OpsSignInField; value: string }
  | { type: 'submit' }
  | { type: 'sign-out' }
  | { type: 'session.lost' };

export const opsSessionMachine = setup({
  types: { context: {} as OpsSessionContext, events: {} as OpsSessionEvent },
  actors: {
    /** GET auth/me/: the operator of the open session; rejects (401) when there is none. */
    fetchOperator: fromPromise<OpsOperator>(async () => {
      throw new Error('opsSession: the console must provide "fetchOperator"');
    }),
    signIn: fromPromise<OpsOperator, OpsSignInRequest>(async () => {
      throw new Error('opsSession: the console must provide "signIn"');
    }),
    signOut: fromPromise<unknown>(async () => {
      throw new Error('opsSession: the console must provide "signOut"');
    }),
    /** Provided by the console: sends `session.lost` when any console call answers 401, for as long as the session runs. */
    watchUnauthorized: fromCallback<OpsSessionEvent>(() => undefined),
  },
  actions: {
    editField: assign(({ context }, params: { name: OpsSignInField; value: string }) => ({
      [params.name]: params.value,
      errors: withoutError(context.errors, params.name, 'detail'),
    })),
    markMissing: assign({ errors: ({ context }) => requiredErrors(context, FIELDS) }),
    clearErrors: assign({ errors: {} }),
    showErrors: assign({ errors: (_, params: { body: unknown }) => errorsFromBody(params.body, FIELDS) }),
    /** A one-time code is spent (or wrong) after a try: the field empties for the next one. */
    clearCode: assign({ code: '' }),
    rememberOperator: assign({ operator: (_, params: { operator: OpsOperator }) => params.operator }),
    // The code field is already empty while signed in (clearCode after every try).
    forgetOperator: assign({ operator: null, password: '' }),
  },
  guards: {
    filledIn: ({ context }) => !hasErrors(requiredErrors(context, FIELDS)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'opsSession',
  context: { email: '', password: '', code: '', errors: {}, operator: null },
  invoke: { src: 'watchUnauthorized' },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'fetchOperator',
        onDone: { target: 'signedIn', actions: { type: 'rememberOperator', params: ({ event }) => ({ operator: event.output }) } },
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'field.changed': { actions: { type: 'editField', params: ({ event }) => ({ name: event.name, value: event.value }) } },
        submit: [{ guard: 'filledIn', target: 'signingIn' }, { actions: 'markMissing' }],
      },
    },
    signingIn: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim().toLowerCase(), password: context.password, code: context.code.trim() }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'rememberOperator', params: ({ event }) => ({ operator: event.output }) }, 'clearCode'],
        },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'showErrors', params: ({ event }) => ({ body: event.error }) }, 'clearCode'],
        },
      },
    },
    signedIn: {
      on: {
        'sign-out': { target: 'signingOut' },
        'session.lost': { target: 'signedOut', actions: 'forgetOperator' },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        // Signed out either way: a failed call leaves at most a session that ends by itself when idle.
        onDone: { target: 'signedOut', actions: 'forgetOperator' },
        onError: { target: 'signedOut', actions: 'forgetOperator' },
      },
    },
  },
});

export type OpsSessionMachine = typeof opsSessionMachine;
