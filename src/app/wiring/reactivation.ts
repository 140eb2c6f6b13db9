// Sending the activation mail again, bound to POST /api/v1/users/reactivate/.
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../machines/request.ts';
import { withErrorBody } from '../../api/errors.ts';
import { reactivate } from '../../api/users.ts';

export const wiredReactivationMachine = requestMachine.provide({
  actors: { send: fromPromise<unknown>(() => withErrorBody(reactivate)) },
  actions: { logFailure: (_, { error }) => console.error('reactivation failed', error) },
});
