// A list screen of the back office (audit log, card verifications, withdrawals): the filter form and page
// (machines/opsPaging.ts) and the page loaded for them.
import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../src/api/schemas/common.ts';
import { failureCodeOf } from '../src/api/errors.ts';
import {
  opsPagingActions,
  opsPagingStart,
  type OpsPagingContext,
  type OpsPagingEvent,
  type OpsPagingQuery,
} from './opsPaging.ts';

export type OpsListFilters = Record<string, string>;

export type OpsListQuery = OpsPagingQuery<OpsListFilters>;

export interface OpsListInput {
  filters: OpsListFilters;
}

export interface OpsListContext extends OpsPagingContext<OpsListFilters> {
  result: Paged<unknown> | null;
  /** Code of the last failure (the error body's code, or 'unknown'), while the last call failed. */
  error: string | null;
}

export type OpsListEvent = OpsPagingEvent<OpsListFilters> | { type: 'reload' } | { type: 'retry' };

export const opsListMachine = setup({
  types: { context: {} as OpsListContext, events: {} as OpsListEvent, input: {} as OpsListInput },
  actors: {
    fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(async () => {
      throw new Error('opsList: the view must provide "fetchPage"');
    }),
  },
  actions: {
    ...opsPagingActions<OpsListFilters, OpsListContext, OpsListEvent>(),
    /** Another tab is another list: the rows of the one left are not shown under it (nor their actions). */
    forgetRows: assign({ result: null }),
    storeResult: assign({ result: (_, params: { result: Paged<unknown> }) => params.result, error: null }),
    /** The rows shown before stay. */
    storeError: assign({ error: (_, params: { error: unknown }) => failureCodeOf(params.error) }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'opsList',
  context: ({ input }) => ({ ...opsPagingStart(input.filters), result: null, error: null }),
  on: {
    'draft.changed': {
      actions: { type: 'editDraft', params: ({ event }) => ({ name: event.name, value: event.value }) },
    },
    // A new query replaces the one in flight (the loading state is entered anew, restarting the fetch).
    'draft.applied': { target: '.loading', actions: 'applyDraft' },
    'filters.changed': {
      target: '.loading',
      actions: [{ type: 'applyFilters', params: ({ event }) => ({ filters: event.filters }) }, 'forgetRows'],
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
