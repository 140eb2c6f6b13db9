// The sign-up form's machine bound to POST /api/v1/users/.
import { fromPromise } from 'xstate';
import { signupMachine } from '../../../machines/signup.ts';
import { withErrorBody } from '../../api/errors.ts';
import type { SignupRequest } from '../../api/schemas/user.ts';
import { signup } from '../../api/users.ts';

export const wiredSignupMachine = signupMachine.provide({
  actors: { signup: fromPromise<void, SignupRequest>(({ input }) => withErrorBody(() => signup(input))) },
});
