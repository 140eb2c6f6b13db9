// The password change machine bound to POST /api/v1/users/me/password/.
import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../../machines/passwordChange.ts';
import { errorBody } from '../../api/client.ts';
import { changePassword } from '../../api/password.ts';

export const livePasswordChangeMachine = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(async ({ input }) => {
      try {
        await changePassword(input);
      } catch (error) {
        throw await errorBody(error);
      }
    }),
  },
});
