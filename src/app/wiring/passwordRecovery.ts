// The password recovery machine bound to the restore mail and the reset calls.
import { fromPromise } from 'xstate';
import { passwordRecoveryMachine, type ResetRequestInput } from '../../../machines/passwordRecovery.ts';
import { withErrorBody } from '../../api/errors.ts';
import { reset, restore } from '../../api/users.ts';

export const wiredPasswordRecoveryMachine = passwordRecoveryMachine.provide({
  actors: {
    requestMail: fromPromise<void, { email: string }>(({ input }) => withErrorBody(() => restore(input.email))),
    resetPassword: fromPromise<void, ResetRequestInput>(({ input }) =>
      withErrorBody(() => reset(input.token, input.password, input.passwordConfirm)),
    ),
  },
});
