// The password change machine bound to POST /api/v1/users/me/password/.
import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../../machines/passwordChange.ts';
import { withErrorBody } from '../../api/errors.ts';
import { changePassword } from '../../api/password.ts';

export const wiredPasswordChangeMachine = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(({ input }) => withErrorBody(() => changePassword(input))),
  },
});
