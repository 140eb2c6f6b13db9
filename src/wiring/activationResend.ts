// "Resend the activation mail" on the page after sign-up, bound to POST /api/v1/users/reactivate/email/.
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredActivationResendMachine = requestMachine.provide({
  actors: {
    send: fromPromise<unknown, unknown>(async ({ input }) => {
      const { email } = input as { email: string };
      // The call module (and its schemas) is imported on the first call.
      const { reactivateByEmail } = await import('../api/users.ts');
      return withErrorBody(() => reactivateByEmail(email));
    }),
  },
  actions: { logFailure: (_, { error }) => console.error('activation resend failed', error) },
});
