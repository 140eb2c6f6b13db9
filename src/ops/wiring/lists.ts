// The console's list screens, each page read bound once to the shared opsList machine, a flow of its own.
import { fromPromise } from 'xstate';
import { opsListMachine, type OpsListMachine, type OpsListQuery } from '../../../machines/opsList.ts';
import type { Paged } from '../../api/schemas/common.ts';
import { flowContext, type FlowContext } from '../../flows/flowContext.tsx';
import { opsApi } from '../api.ts';

/** The machine with its read; `item` only carries the type of a row, for the view to render. */
export type OpsListLogic<Item> = FlowContext<OpsListMachine> & { readonly item?: Item };

function list<Item>(readPage: (query: OpsListQuery) => Promise<Paged<Item>>): OpsListLogic<Item> {
  return flowContext(
    opsListMachine.provide({ actors: { fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(({ input }) => readPage(input)) } }),
  );
}

export const opsLists = {
  audit: list(({ filters, page }) => opsApi.audit(filters, page)),
  verifications: list(({ filters, page }) => opsApi.verifications(filters.status ?? 'pending', page)),
  withdrawals: list(({ filters, page }) => opsApi.withdrawals(filters.status ?? 'pending', page)),
  users: list(({ filters, page }) => opsApi.users(filters, page)),
};
