// Password recovery in two visits: ask for a mail (e-mail → "check your mail"), then, from the mailed link
// (/recover?token=), set a new password (→ done, sign in).
import { assign, fromPromise, setup } from 'xstate';
import { errorsFromBody, hasErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

export type RecoveryField = 'email' | 'password' | 'passwordConfirm';

export interface PasswordRecoveryInput {
  /** Token of the mailed link; null on the request page. */
  token: string | null;
}

export interface PasswordRecoveryContext extends Record<RecoveryField, string> {
  token: string | null;
  errors: FormErrors<RecoveryField | 'token'>;
}

export type PasswordRecoveryEvent =
  | { type: 'field.changed'; name: RecoveryField; value: string }
  | { type: 'submit' };

export interface ResetRequestInput {
  token: string;
  password: string;
  passwordConfirm: string;
}

const REQUEST_FIELDS = ['email'] as const;
const RESET_FIELDS = ['password', 'passwordConfirm'] as const;
const SERVER_FIELDS = ['email', 'password', 'passwordConfirm', 'token'] as const;

export function resetErrors(context: PasswordRecoveryContext): FormErrors<RecoveryField> {
  const errors: FormErrors<RecoveryField> = requiredErrors(context, RESET_FIELDS);
  if (!errors.passwordConfirm && context.password !== context.passwordConfirm) {
    errors.passwordConfirm = { code: 'mismatch' };
  }
  return errors;
}

export const passwordRecoveryMachine = setup({
  types: {
    context: {} as PasswordRecoveryContext,
    events: {} as PasswordRecoveryEvent,
    input: {} as PasswordRecoveryInput,
  },
  actors: {
    /** POST /api/v1/users/restore/ {email}. */
    requestMail: fromPromise<void, { email: string }>(async () => {
      throw new Error('passwordRecovery: the app must provide the "requestMail" actor');
    }),
    /** POST /api/v1/users/restore/{token}/ {password, passwordConfirm}. */
    resetPassword: fromPromise<void, ResetRequestInput>(async () => {
      throw new Error('passwordRecovery: the app must provide the "resetPassword" actor');
    }),
  },
  actions: {
    /** Editing a field clears its error. */
    editField: assign(({ context, event }) =>
      event.type === 'field.changed' ? { [event.name]: event.value, errors: withoutError(context.errors, event.name) } : {},
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    emailGiven: ({ context }) => !hasErrors(requiredErrors(context, REQUEST_FIELDS)),
    passwordsValid: ({ context }) => !hasErrors(resetErrors(context)),
  },
}).createMachine({
  id: 'passwordRecovery',
  context: ({ input }) => ({ token: input.token, email: '', password: '', passwordConfirm: '', errors: {} }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'reset' }, { target: 'request' }],
    },
    request: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'editField' },
            submit: [
              { guard: 'emailGiven', target: 'submitting' },
              { actions: assign({ errors: ({ context }) => requiredErrors(context, REQUEST_FIELDS) }) },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ errors: {} }),
          invoke: {
            src: 'requestMail',
            input: ({ context }) => ({ email: context.email.trim().toLowerCase() }),
            onDone: { target: 'sent' },
            onError: {
              target: 'editing',
              actions: assign({ errors: ({ event }) => errorsFromBody(event.error, SERVER_FIELDS) }),
            },
          },
        },
        /** "Check your mail". */
        sent: { type: 'final' },
      },
    },
    reset: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'editField' },
            submit: [
              { guard: 'passwordsValid', target: 'submitting' },
              { actions: assign({ errors: ({ context }) => resetErrors(context) }) },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ errors: {} }),
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => ({
              token: context.token ?? '',
              password: context.password,
              passwordConfirm: context.passwordConfirm,
            }),
            onDone: { target: 'done' },
            onError: {
              target: 'editing',
              actions: assign({ errors: ({ event }) => errorsFromBody(event.error, SERVER_FIELDS) }),
            },
          },
        },
        /** The new password is set: sign in. */
        done: { type: 'final' },
      },
    },
  },
});

export type PasswordRecoveryMachine = typeof passwordRecoveryMachine;
