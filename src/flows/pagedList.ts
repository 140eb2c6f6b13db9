// Runs the pagedList machine for one account list: the flow module passes how a page is fetched, the view renders
// the snapshot (items, count, page, filters, loading/failed) and sends page and filter changes.
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  pagedListMachine,
  pageCount,
  type DateFilters,
  type PageQuery,
  type PageResult,
  type PagedListMachine,
} from '../../machines/pagedList.ts';
import { withErrorBody } from '../api/errors.ts';
import { flowContext, type FlowPage } from './flowContext.tsx';

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

const pagedListFlow = flowContext(pagedListMachine, (list: FlowPage<{ fetchPage: (query: PageQuery) => Promise<PageResult> }>) => ({
  actors: { fetchPage: fromPromise<PageResult, PageQuery>(({ input: query }) => withErrorBody(() => list().fetchPage(query))) },
}));

/** One list: `fetchPage` is how the flow module reads a page of it. */
export function usePagedList<Item>(
  fetchPage: (query: PageQuery) => Promise<PageResult<Item>>,
  input: { size: number; filters?: Partial<DateFilters> },
): PagedListView<Item> {
  return usePagedListView<Item>(pagedListFlow.useFlowActor(input, { fetchPage }));
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
