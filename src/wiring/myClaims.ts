// The account's list of its own claims bound to GET /api/v1/users/me/claims/.
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../machines/pagedList.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredMyClaimsMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageQuery>(async ({ input }) => {
      // The call module (and the zod schemas it parses with) is imported on the first call.
      const { myClaims } = await import('../api/users.ts');
      return withErrorBody(() => myClaims({ page: input.page, size: input.size }));
    }),
  },
});
