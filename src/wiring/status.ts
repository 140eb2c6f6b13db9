// The status page's flow bound to the status call.
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredStatusMachine = resourceLoadMachine.provide({
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(async () => {
      // The call module (and the zod schemas it parses with) is imported on the first call.
      const { fetchStatus } = await import('../api/status.ts');
      return withErrorBody(fetchStatus);
    }),
  },
});
