// Changing the password of a signed-in user: current password, new password twice, submit; the server's
// field errors show under their fields and clear when the field is edited.
import { assign, fromPromise, setup } from 'xstate';
import { errorsFromBody, withoutError, type FormErrors } from './formErrors.ts';

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
    somethingMissing: ({ context }) => PASSWORD_FIELDS.some((field) => context[field] === ''),
    confirmMismatch: ({ context }) => context.password !== context.passwordConfirm,
    sameAsCurrent: ({ context }) => context.password === context.currentPassword,
  },
}).createMachine({
  id: 'passwordChange',
  context: { ...empty, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            errors: withoutError(context.errors, event.field, 'detail'),
          })),
        },
        submit: { target: 'validating' },
      },
    },
    validating: {
      always: [
        {
          guard: 'somethingMissing',
          target: 'editing',
          actions: assign({
            errors: ({ context }) =>
              Object.fromEntries(
                PASSWORD_FIELDS.filter((field) => context[field] === '').map((field) => [field, { code: PASSWORD_CODES.required }]),
              ),
          }),
        },
        {
          guard: 'confirmMismatch',
          target: 'editing',
          actions: assign({ errors: { passwordConfirm: { code: PASSWORD_CODES.mismatch } } }),
        },
        {
          guard: 'sameAsCurrent',
          target: 'editing',
          actions: assign({ errors: { password: { code: PASSWORD_CODES.sameAsCurrent } } }),
        },
        { target: 'submitting', actions: assign({ errors: {} }) },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          password: context.password,
          passwordConfirm: context.passwordConfirm,
        }),
        onDone: { target: 'done', actions: assign({ ...empty, errors: {} }) },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ event }) => errorsFromBody(event.error, PASSWORD_FIELDS),
          }),
        },
      },
    },
    done: {
      on: {
        'field.changed': {
          target: 'editing',
          actions: assign(({ event }) => ({ [event.field]: event.value })),
        },
        reset: { target: 'editing' },
      },
    },
  },
});
