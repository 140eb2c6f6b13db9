// The sign-in machine bound to POST /front-api/auth/login/ and to the full page load that follows it.
import { fromPromise } from 'xstate';
import { loginMachine, type LoginAttempt } from '../../machines/login.ts';
import { withErrorBody } from '../api/errors.ts';
import { AFTER_LOGIN, currentLocale, fullRedirect } from './redirect.ts';

export const wiredLoginMachine = loginMachine.provide({
  actors: {
    login: fromPromise<string, LoginAttempt>(async ({ input }) => {
      // The call module (and its schemas) is imported on the first call.
      const { login } = await import('../api/auth.ts');
      return withErrorBody(() => login(input.request, currentLocale(), input.remember));
    }),
  },
  actions: {
    redirectToAccount: () => fullRedirect(AFTER_LOGIN),
  },
});
