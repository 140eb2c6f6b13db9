// The password change machine bound to POST /api/v1/users/me/password/.
import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../machines/passwordChange.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredPasswordChangeMachine = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(async ({ input }) => {
      // The call module (and its schemas) is imported on the first call.
      const { changePassword } = await import('../api/password.ts');
      return withErrorBody(() => changePassword(input));
    }),
  },
});
