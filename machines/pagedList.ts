// A server-paged list (`?page&size&date_from&date_to` → `{count, results}`) with its page and date filters.
// The view provides `fetchPage`; the items stay those of the previous page while the next one loads. A page the
// server rendered starts from the first page it was rendered with (`input.preloaded`) instead of loading it again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureCodeOf } from '../src/api/errors.ts';

export interface DateFilters {
  /** ISO dates (YYYY-MM-DD) or null for an open end. */
  date_from: string | null;
  date_to: string | null;
}

export interface PageQuery extends DateFilters {
  page: number;
  size: number;
}

export interface PageResult<Item = unknown> {
  count: number;
  results: Item[];
}

export interface PagedListInput {
  size: number;
  filters?: Partial<DateFilters>;
  /** The first page as the server rendered it; absent (or null) when the list loads it itself. */
  preloaded?: PageResult | null;
}

export interface PagedListContext<Item = unknown> {
  page: number;
  size: number;
  filters: DateFilters;
  items: Item[];
  count: number;
  /** Code of the last failure (the error body's code, or 'unknown'). */
  error: string | null;
  /** The list started from the first page as the server rendered it. */
  preloaded: boolean;
}

export type PagedListEvent =
  | { type: 'page.changed'; page: number }
  | { type: 'filters.changed'; filters: Partial<DateFilters> }
  | { type: 'reload' }
  | { type: 'retry' };

/** Number of pages for a count (at least one, so an empty list still has page 1). */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

export function queryOf(context: PagedListContext): PageQuery {
  return { page: context.page, size: context.size, ...context.filters };
}

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
  },
  actors: {
    fetchPage: fromPromise<PageResult, PageQuery>(async () => {
      throw new Error('pagedList: the view must provide the "fetchPage" actor');
    }),
  },
  actions: {
    changePage: assign(({ context, event }) => {
      assertEvent(event, 'page.changed');
      return { page: Math.min(Math.max(1, Math.trunc(event.page)), pageCount(context.count, context.size)) };
    }),
    /** New filters start again from the first page. */
    changeFilters: assign(({ context, event }) => {
      assertEvent(event, 'filters.changed');
      return { page: 1, filters: { ...context.filters, ...event.filters } };
    }),
    storePage: assign((_, page: PageResult) => ({ items: page.results, count: page.count, error: null })),
    /** The error body's code, or 'unknown'; the rows shown before stay. */
    showFailure: assign((_, { error }: { error: unknown }) => ({ error: failureCodeOf(error) })),
  },
  guards: {
    firstPagePreloaded: ({ context }) => context.preloaded,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'pagedList',
  context: ({ input }) => ({
    page: 1,
    size: input.size,
    filters: { date_from: input.filters?.date_from ?? null, date_to: input.filters?.date_to ?? null },
    items: input.preloaded?.results ?? [],
    count: input.preloaded?.count ?? 0,
    error: null,
    preloaded: input.preloaded != null,
  }),
  initial: 'starting',
  states: {
    /** Shows the page the server rendered, if any; loads otherwise. Left at once, so it carries no tag. */
    starting: {
      always: [
        { guard: 'firstPagePreloaded', target: 'ready' },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => queryOf(context),
        onDone: {
          target: 'ready',
          actions: { type: 'storePage', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // A newer query replaces the one in flight (re-entering restarts the fetch).
        'page.changed': { target: 'loading', reenter: true, actions: 'changePage' },
        'filters.changed': { target: 'loading', reenter: true, actions: 'changeFilters' },
      },
    },
    ready: {
      on: {
        'page.changed': { target: 'loading', actions: 'changePage' },
        'filters.changed': { target: 'loading', actions: 'changeFilters' },
        reload: { target: 'loading' },
      },
    },
    failed: {
      on: {
        retry: { target: 'loading' },
        'page.changed': { target: 'loading', actions: 'changePage' },
        'filters.changed': { target: 'loading', actions: 'changeFilters' },
      },
    },
  },
});

export type PagedListMachine = typeof pagedListMachine;
