// The sign-in machine bound to POST /front-api/auth/login/ and to the full page load that follows it.
import { fromPromise } from 'xstate';
import { loginMachine, type LoginAttempt } from '../../../machines/login.ts';
import { login } from '../../api/auth.ts';
import { withErrorBody } from '../../api/errors.ts';
import { AFTER_LOGIN, currentLocale, fullRedirect } from './redirect.ts';

export const wiredLoginMachine = loginMachine.provide({
  actors: {
    login: fromPromise<string, LoginAttempt>(({ input }) => withErrorBody(() => login(input.request, currentLocale(), input.remember))),
  },
  actions: {
    redirectToAccount: () => fullRedirect(AFTER_LOGIN),
  },
});
