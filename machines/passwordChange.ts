// Changing the password of a signed-in user: current password, new password twice, submit; the server's
// field errors show under their fields and clear when the field is edited.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorsFromBody } from '../src/api/errors.ts';
import { hasErrors, newPasswordErrors, withoutError, type FormErrors } from './formErrors.ts';

export const PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordConfirm'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

export interface PasswordChangeContext {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
  errors: FormErrors<PasswordField>;
}

export type PasswordChangeEvent =
  | { type: 'field.changed'; field: PasswordField; value: string }
  | { type: 'submit' }
  | { type: 'reset' };

export const PASSWORD_CODES = {
  required: 'required',
  mismatch: 'mismatch',
  sameAsCurrent: 'password_same_as_current',
} as const;

export interface PasswordChangeRequest {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

const empty = { currentPassword: '', password: '', passwordConfirm: '' };

/**
 * Every problem at once: each empty field, the rules the new password breaks, a confirmation that differs, and a
 * new password equal to the current one.
 */
export function localPasswordErrors(context: PasswordChangeContext): FormErrors<PasswordField> {
  const errors: FormErrors<PasswordField> = newPasswordErrors(context.password, context.passwordConfirm);
  // A password may be made of spaces: only an empty field is missing.
  for (const field of PASSWORD_FIELDS) if (context[field] === '') errors[field] = { code: PASSWORD_CODES.required };
  if (!errors.password && context.password === context.currentPassword) errors.password = { code: PASSWORD_CODES.sameAsCurrent };
  return errors;
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    // Provided by the app: POST /api/v1/users/me/password/, rejecting with the error body.
    changePassword: fromPromise<void, PasswordChangeRequest>(async () => {
      throw new Error('changePassword is provided by the app');
    }),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(localPasswordErrors(context)),
  },
  actions: {
    storeField: assign(({ event }) => {
      assertEvent(event, 'field.changed');
      return { [event.field]: event.value };
    }),
    /** Editing a field clears its error and the general one. */
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return { errors: withoutError(context.errors, event.field, 'detail') };
    }),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: localPasswordErrors(context) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, PASSWORD_FIELDS) })),
    emptyForm: assign({ ...empty, errors: {} }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'passwordChange',
  context: { ...empty, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: ['storeField', 'clearFieldError'] },
        submit: [{ guard: 'formInvalid', actions: 'showFormErrors' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearAllErrors',
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          password: context.password,
          passwordConfirm: context.passwordConfirm,
        }),
        onDone: { target: 'done', actions: 'emptyForm' },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      on: {
        'field.changed': { target: 'editing', actions: 'storeField' },
        reset: { target: 'editing' },
      },
    },
  },
});
