// The live claims queue of the back office: load a page with the counts, refresh both on a timer, and announce
// (sound, tab title) when a claim needing attention arrives: a new claim or a reported payment. It also keeps the
// filter form's draft (typing does not query on every key), so the form survives a visit to another screen.
import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../src/api/schemas/common.ts';
import type { OpsClaimCounts, OpsClaimRow } from '../src/api/schemas/ops.ts';
import type { ClaimStatus } from '../src/domain/claimStatus.ts';

export interface OpsQueueFilters {
  status: ClaimStatus | '';
  /** FROM-TO currency codes, or ''. */
  direction: string;
  dateFrom: string;
  dateTo: string;
  q: string;
}

export interface OpsQueueQuery extends OpsQueueFilters {
  page: number;
}

export interface OpsQueueResult {
  page: Paged<OpsClaimRow>;
  counts: OpsClaimCounts;
}

export interface OpsQueueContext {
  /** The filter form as typed, applied on submit. */
  draft: OpsQueueFilters;
  query: OpsQueueQuery;
  result: OpsQueueResult | null;
  /** Code of the last failure, while the last call failed. */
  error: string | null;
}

export type OpsQueueEvent =
  | { type: 'draft.changed'; name: keyof OpsQueueFilters; value: string }
  | { type: 'draft.applied' }
  | { type: 'filters.reset' }
  | { type: 'filters.changed'; filters: Partial<OpsQueueFilters> }
  | { type: 'page.changed'; page: number }
  | { type: 'retry' };

export const EMPTY_FILTERS: OpsQueueFilters = { status: '', direction: '', dateFrom: '', dateTo: '', q: '' };

/** More attention claims than before, or a newer one (one came while another was handled). */
export function bringsNews(previous: OpsClaimCounts | null, next: OpsClaimCounts): boolean {
  if (!previous) return false;
  if (next.attention > previous.attention) return true;
  return (
    next.latestAttentionAt !== null &&
    (previous.latestAttentionAt === null || next.latestAttentionAt > previous.latestAttentionAt)
  );
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
}

export const opsQueueMachine = setup({
  types: { context: {} as OpsQueueContext, events: {} as OpsQueueEvent },
  actors: {
    /** GET claims/ with the query, and claims/counts/. */
    fetchQueue: fromPromise<OpsQueueResult, OpsQueueQuery>(async () => {
      throw new Error('opsQueue: the console must provide "fetchQueue"');
    }),
  },
  actions: {
    editDraft: assign({
      draft: ({ context }, params: { name: keyof OpsQueueFilters; value: string }) => ({
        ...context.draft,
        [params.name]: params.value,
      }),
    }),
    applyDraft: assign({ query: ({ context }) => ({ ...context.draft, page: 1 }) }),
    resetFilters: assign({ draft: { ...EMPTY_FILTERS }, query: { ...EMPTY_FILTERS, page: 1 } }),
    /** Chosen at once (a status button): applied from the first page, and the form shows it too. */
    applyFilters: assign(({ context }, params: { filters: Partial<OpsQueueFilters> }) => ({
      draft: { ...context.draft, ...params.filters },
      query: { ...context.query, ...params.filters, page: 1 },
    })),
    goToPage: assign({ query: ({ context }, params: { page: number }) => ({ ...context.query, page: params.page }) }),
    storeResult: assign({ result: (_, params: { result: OpsQueueResult }) => params.result, error: null }),
    storeError: assign({ error: (_, params: { error: unknown }) => codeOf(params.error) }),
    /** Tab title: the number of claims waiting for an operator. */
    showAttention: (_, _params: { attention: number }) => {},
    /** A sound: something new is waiting. */
    announce: () => {},
  },
  guards: {
    bringsNews: ({ context }, params: { counts: OpsClaimCounts }) =>
      bringsNews(context.result?.counts ?? null, params.counts),
  },
  delays: {
    /** How often the queue asks for news. */
    queuePoll: 5000,
  },
}).createMachine({
  id: 'opsQueue',
  context: { draft: { ...EMPTY_FILTERS }, query: { ...EMPTY_FILTERS, page: 1 }, result: null, error: null },
  on: {
    'draft.changed': {
      actions: { type: 'editDraft', params: ({ event }) => ({ name: event.name, value: event.value }) },
    },
    'draft.applied': { target: '.loading', actions: 'applyDraft' },
    'filters.reset': { target: '.loading', actions: 'resetFilters' },
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
    /** A new query: the previous rows stay visible (marked busy) until the answer. */
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchQueue',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'bringsNews', params: ({ event }) => ({ counts: event.output.counts }) },
            target: 'live',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'showAttention', params: ({ event }) => ({ attention: event.output.counts.attention }) },
              'announce',
            ],
          },
          {
            target: 'live',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'showAttention', params: ({ event }) => ({ attention: event.output.counts.attention }) },
            ],
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    live: {
      after: { queuePoll: { target: 'loading' } },
    },
    /** Keeps asking on the same timer (the network or the server may come back), or at once on retry. */
    failed: {
      after: { queuePoll: { target: 'loading' } },
      on: { retry: { target: 'loading' } },
    },
  },
});

export type OpsQueueMachine = typeof opsQueueMachine;
