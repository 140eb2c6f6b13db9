// The sign-up form's machine bound to POST /api/v1/users/.
import { fromPromise } from 'xstate';
import { signupMachine } from '../../machines/signup.ts';
import { withErrorBody } from '../api/errors.ts';
import type { SignupRequest } from '../api/schemas/user.ts';

export const wiredSignupMachine = signupMachine.provide({
  actors: {
    signup: fromPromise<void, SignupRequest>(async ({ input }) => {
      // The call module (and its schemas) is imported on the first call.
      const { signup } = await import('../api/users.ts');
      return withErrorBody(() => signup(input));
    }),
  },
});
