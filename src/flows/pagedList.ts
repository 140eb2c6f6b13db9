// Runs the pagedList machine for one account list: the flow module passes how a page is fetched, the view renders
// the snapshot (items, count, page, filters, loading/failed) and sends page and filter changes.
import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  pagedListMachine,
  pageCount,
  type DateFilters,
  type PageQuery,
  type PageResult,
  type PagedListMachine,
} from '../../machines/pagedList.ts';
import { inspect } from './inspector.ts';
import { withErrorBody } from '../api/errors.ts';

export interface PagedListView<Item> {
  items: Item[];
  count: number;
  page: number;
  pages: number;
  filters: DateFilters;
  loading: boolean;
  failed: boolean;
  error: string | null;
  goTo: (page: number) => void;
  filter: (filters: Partial<DateFilters>) => void;
  retry: () => void;
  reload: () => void;
}

/** `fetchPage` is read once, when the list mounts. */
export function usePagedList<Item>(
  fetchPage: (query: PageQuery) => Promise<PageResult<Item>>,
  input: { size: number; filters?: Partial<DateFilters> },
): PagedListView<Item> {
  const machine = useMemo(
    () =>
      pagedListMachine.provide({
        actors: { fetchPage: fromPromise<PageResult, PageQuery>(({ input: query }) => withErrorBody(() => fetchPage(query))) },
      }),
    // The list keeps the fetcher it was mounted with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return usePagedListView<Item>(useActorRef(machine, { input, inspect }));
}

/** What a view shows of a paged list actor, and the ways to move through it. */
export function usePagedListView<Item>(actor: ActorRefFrom<PagedListMachine>): PagedListView<Item> {
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  return {
    items: context.items as Item[],
    count: context.count,
    page: context.page,
    pages: pageCount(context.count, context.size),
    filters: context.filters,
    loading: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    error: context.error,
    goTo: (page) => actor.send({ type: 'page.changed', page }),
    filter: (filters) => actor.send({ type: 'filters.changed', filters }),
    retry: () => actor.send({ type: 'retry' }),
    reload: () => actor.send({ type: 'reload' }),
  };
}
