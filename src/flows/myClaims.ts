// The account's claims, newest first, a page at a time (src/wiring/myClaims.ts), or a test's fakes.
import type { ClaimListItem } from '../api/schemas/claim.ts';
import { flowContext } from './flowContext.tsx';
import { usePagedListView, type PagedListView } from './pagedList.ts';
import { wiredMyClaimsMachine } from '../wiring/myClaims.ts';

const myClaimsFlow = flowContext(wiredMyClaimsMachine);

export const MyClaimsProvider = myClaimsFlow.Provider;

export function useMyClaims(size: number): PagedListView<ClaimListItem> {
  return usePagedListView<ClaimListItem>(myClaimsFlow.useFlowActor({ size }));
}
