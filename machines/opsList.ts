// A list screen of the back office (audit log, card verifications, withdrawals): the filters typed in the form
// (a draft, applied on submit) or chosen at once (a status tab), the page, and the page loaded for them.
import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../src/api/schemas/common.ts';
import { failureCodeOf } from '../src/api/errors.ts';

export type OpsListFilters = Record<string, string>;

export interface OpsListQuery {
  filters: OpsListFilters;
  page: number;
}

export interface OpsListInput {
  filters: OpsListFilters;
}

export interface OpsListContext {
  /** What the form shows, typed but not applied yet. */
  draft: OpsListFilters;
  /** What the shown page was asked with. */
  query: OpsListQuery;
  result: Paged<unknown> | null;
  /** Code of the last failure (the error body's code, or 'unknown'), while the last call failed. */
  error: string | null;
}

export type OpsListEvent =
  | { type: 'draft.changed'; name: string; value: string }
  | { type: 'draft.applied' }
  | { type: 'filters.changed'; filters: OpsListFilters }
  | { type: 'page.changed'; page: number }
  | { type: 'reload' }
  | { type: 'retry' };

export const opsListMachine = setup({
  types: { context: {} as OpsListContext, events: {} as OpsListEvent, input: {} as OpsListInput },
  actors: {
    fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(async () => {
      throw new Error('opsList: the view must provide "fetchPage"');
    }),
  },
  actions: {
    editDraft: assign({
      draft: ({ context }, params: { name: string; value: string }) => ({
        ...context.draft,
        [params.name]: params.value,
      }),
    }),
    /** The form's filters from the first page. */
    applyDraft: assign({ query: ({ context }) => ({ filters: { ...context.draft }, page: 1 }) }),
    /**
     * Chosen at once (a tab): applied from the first page, and the form shows them too. Another tab is another
     * list, so the rows of the one left are not shown under it (nor its actions).
     */
    applyFilters: assign(({ context }, params: { filters: OpsListFilters }) => ({
      draft: { ...context.draft, ...params.filters },
      query: { filters: { ...context.query.filters, ...params.filters }, page: 1 },
      result: null,
    })),
    goToPage: assign({
      query: ({ context }, params: { page: number }) => ({ ...context.query, page: Math.max(1, params.page) }),
    }),
    storeResult: assign({ result: (_, params: { result: Paged<unknown> }) => params.result, error: null }),
    /** The rows shown before stay. */
    storeError: assign({ error: (_, params: { error: unknown }) => failureCodeOf(params.error) }),
  },
}).createMachine({
  id: 'opsList',
  context: ({ input }) => ({
    draft: { ...input.filters },
    query: { filters: { ...input.filters }, page: 1 },
    result: null,
    error: null,
  }),
  on: {
    'draft.changed': {
      actions: { type: 'editDraft', params: ({ event }) => ({ name: event.name, value: event.value }) },
    },
    // A new query replaces the one in flight (the loading state is entered anew, restarting the fetch).
    'draft.applied': { target: '.loading', actions: 'applyDraft' },
    'filters.changed': {
      target: '.loading',
      actions: { type: 'applyFilters', params: ({ event }) => ({ filters: event.filters }) },
    },
    'page.changed': {
      target: '.loading',
      actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => context.query,
        onDone: {
          target: 'ready',
          actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** After a decision on a row the list is read again; the rows stay on screen meanwhile. */
    ready: {
      on: { reload: { target: 'loading' } },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
  },
});

export type OpsListMachine = typeof opsListMachine;
