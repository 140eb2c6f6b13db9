// Referral-programme resources of the account pages bound to the real API.
import { fromPromise } from 'xstate';
import type { PageQuery, PageResult } from '../../machines/pagedList.ts';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';
import type { ReferralMovement, Withdrawal } from '../api/schemas/user.ts';
import { withErrorBody } from '../api/errors.ts';

// The call module (and the zod schemas it parses with) is imported on the first call.
const referralCalls = () => import('../api/referral.ts');

export const wiredReferralBalanceMachine = resourceLoadMachine.provide({
  actors: { fetchResource: fromPromise<unknown, ResourceParams>(async () => withErrorBody((await referralCalls()).getReferralBalance)) },
});

export const wiredPromocodesMachine = resourceLoadMachine.provide({
  actors: { fetchResource: fromPromise<unknown, ResourceParams>(async () => withErrorBody((await referralCalls()).listPromocodes)) },
});

function range(query: PageQuery) {
  return { dateFrom: query.date_from ?? undefined, dateTo: query.date_to ?? undefined };
}

/** Deposits and withdrawals: the rows from dw/, the total from dw/count/ (docs/product.md §7). */
export async function fetchReferralMovements(query: PageQuery): Promise<PageResult<ReferralMovement>> {
  const { countReferralMovements, listReferralMovements } = await referralCalls();
  const [page, count] = await Promise.all([
    listReferralMovements({ page: query.page, size: query.size, ...range(query) }),
    countReferralMovements(range(query)),
  ]);
  return { count, results: page.results };
}

export async function fetchWithdrawals(query: PageQuery): Promise<PageResult<Withdrawal>> {
  return (await referralCalls()).listWithdrawals({ page: query.page, size: query.size });
}
