// A console list screen's flow (filters, page, the loaded page) through the opsList machine with the screen's call.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { opsListMachine, type OpsListFilters, type OpsListQuery } from '../../machines/opsList.ts';
import type { Paged } from '../api/schemas/common.ts';

export function useOpsList<Item>(filters: OpsListFilters, fetchPage: (query: OpsListQuery) => Promise<Paged<Item>>) {
  const actor = useActorRef(
    opsListMachine.provide({
      actors: { fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(({ input }) => fetchPage(input)) },
    }),
    {
      input: { filters },
    },
  );
  const { draft, query, error } = useSelector(actor, (state) => state.context);
  const result = useSelector(actor, (state) => state.context.result) as Paged<Item> | null;
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const failed = useSelector(actor, (state) => state.matches('failed'));
  return { actor, draft, query, result, error, busy, failed };
}

export type OpsList<Item> = ReturnType<typeof useOpsList<Item>>;
