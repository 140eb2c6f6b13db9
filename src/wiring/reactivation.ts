// Sending the activation mail again, bound to POST /api/v1/users/reactivate/.
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredReactivationMachine = requestMachine.provide({
  actors: {
    send: fromPromise<unknown>(async () => {
      // The call module (and its schemas) is imported on the first call.
      const { reactivate } = await import('../api/users.ts');
      return withErrorBody(reactivate);
    }),
  },
  actions: { logFailure: (_, { error }) => console.error('reactivation failed', error) },
});
