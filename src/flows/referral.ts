// The referral programme's resources for the account pages: balance, promo codes, and the two paged lists.
import type { ReferralMovement, Withdrawal } from '../api/schemas/user.ts';
import { flowContext } from './flowContext.tsx';
import { usePagedList, type PagedListView } from './pagedList.ts';
import { fetchReferralMovements, fetchWithdrawals, wiredPromocodesMachine, wiredReferralBalanceMachine } from '../wiring/referral.ts';

const balanceFlow = flowContext(wiredReferralBalanceMachine);
const promocodesFlow = flowContext(wiredPromocodesMachine);

export const useReferralBalance = balanceFlow.useFlowActor;
export const usePromocodes = promocodesFlow.useFlowActor;

export function useReferralMovements(size: number): PagedListView<ReferralMovement> {
  return usePagedList<ReferralMovement>(fetchReferralMovements, { size });
}

export function useWithdrawals(size: number): PagedListView<Withdrawal> {
  return usePagedList<Withdrawal>(fetchWithdrawals, { size });
}
