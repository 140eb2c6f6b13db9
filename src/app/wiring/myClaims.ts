// The account's list of its own claims bound to GET /api/v1/users/me/claims/.
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../../machines/pagedList.ts';
import { withErrorBody } from '../../api/errors.ts';
import { myClaims } from '../../api/users.ts';

export const wiredMyClaimsMachine = pagedListMachine.provide({
  actors: {
    fetchPage: fromPromise<PageResult, PageQuery>(({ input }) =>
      withErrorBody(() => myClaims({ page: input.page, size: input.size })),
    ),
  },
});
