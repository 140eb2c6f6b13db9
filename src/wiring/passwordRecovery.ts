// The password recovery machine bound to the restore mail and the reset calls.
import { fromPromise } from 'xstate';
import { passwordRecoveryMachine, type ResetRequestInput } from '../../machines/passwordRecovery.ts';
import { withErrorBody } from '../api/errors.ts';

// The call module (and the zod schemas it parses with) is imported on the first call.
const userCalls = () => import('../api/users.ts');

export const wiredPasswordRecoveryMachine = passwordRecoveryMachine.provide({
  actors: {
    requestMail: fromPromise<void, { email: string }>(async ({ input }) => {
      const { restore } = await userCalls();
      return withErrorBody(() => restore(input.email));
    }),
    resetPassword: fromPromise<void, ResetRequestInput>(async ({ input }) => {
      const { reset } = await userCalls();
      return withErrorBody(() => reset(input.token, input.password, input.passwordConfirm));
    }),
  },
});
