// Password recovery in two visits: ask for a mail (e-mail → "check your mail"), then, from the mailed link
// (/recover?token=), set a new password (→ done, sign in).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { normalizeEmail } from '../src/domain/email.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { emailError, hasErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

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

const RESET_FIELDS = ['password', 'passwordConfirm'] as const;
const SERVER_FIELDS = ['email', 'password', 'passwordConfirm', 'token'] as const;

export function resetErrors(context: PasswordRecoveryContext): FormErrors<RecoveryField> {
  const errors: FormErrors<RecoveryField> = requiredErrors(context, RESET_FIELDS);
  if (!errors.passwordConfirm && context.password !== context.passwordConfirm) {
    errors.passwordConfirm = { code: 'mismatch' };
  }
  return errors;
}

type RecoveryForm = 'request' | 'reset';

function requestErrors(context: PasswordRecoveryContext): FormErrors<RecoveryField> {
  const emailProblem = emailError(context.email);
  return emailProblem ? { email: emailProblem } : {};
}

/** The checks made before sending, per step: an e-mail to mail to, or two matching new passwords. */
const LOCAL_CHECKS: Record<RecoveryForm, (context: PasswordRecoveryContext) => FormErrors<RecoveryField>> = {
  request: requestErrors,
  reset: resetErrors,
};

export function localRecoveryErrors(context: PasswordRecoveryContext, form: RecoveryForm): FormErrors<RecoveryField> {
  return LOCAL_CHECKS[form](context);
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
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return { [event.name]: event.value, errors: withoutError(context.errors, event.name) };
    }),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }, { form }: { form: RecoveryForm }) => ({ errors: localRecoveryErrors(context, form) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, SERVER_FIELDS) })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    formInvalid: ({ context }, { form }: { form: RecoveryForm }) => hasErrors(localRecoveryErrors(context, form)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
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
              { guard: { type: 'formInvalid', params: { form: 'request' } }, actions: { type: 'showFormErrors', params: { form: 'request' } } },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearAllErrors',
          invoke: {
            src: 'requestMail',
            input: ({ context }) => ({ email: normalizeEmail(context.email) }),
            onDone: { target: 'sent' },
            onError: {
              target: 'editing',
              actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** "Check your mail". */
        // Stryker disable next-line ObjectLiteral,StringLiteral: a final step only marks the end; nothing awaits its done event.
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
              { guard: { type: 'formInvalid', params: { form: 'reset' } }, actions: { type: 'showFormErrors', params: { form: 'reset' } } },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearAllErrors',
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => ({
              // Stryker disable next-line StringLiteral: only a token leads to this step; the default satisfies the type.
              token: context.token ?? '',
              password: context.password,
              passwordConfirm: context.passwordConfirm,
            }),
            onDone: { target: 'done' },
            onError: {
              target: 'editing',
              actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The new password is set: sign in. */
        // Stryker disable next-line ObjectLiteral,StringLiteral: a final step only marks the end; nothing awaits its done event.
        done: { type: 'final' },
      },
    },
  },
});

export type PasswordRecoveryMachine = typeof passwordRecoveryMachine;
