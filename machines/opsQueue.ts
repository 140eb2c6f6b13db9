// The live claims queue of the back office: load a page with the counts, refresh both whenever the live feed
// (machines/liveFeed.ts: the console's event stream, polling while it is down) says a claim changed, and announce
// (sound, tab title) when a claim needing attention arrives: a new claim or a reported payment. It also keeps the
// filter form and page (machines/opsPaging.ts), so the form survives a visit to another screen.
import { assign, fromPromise, setup, spawnChild } from 'xstate';
import { failureCodeOf } from '../src/api/errors.ts';
import type { Paged } from '../src/api/schemas/common.ts';
import type { OpsClaimCounts, OpsClaimRow } from '../src/api/schemas/ops.ts';
import type { ClaimStatus } from '../src/domain/claimStatus.ts';
import { liveFeedSlot, type LiveChangedEvent } from './liveFeed.ts';
import {
  opsPagingActions,
  opsPagingStart,
  type OpsPagingContext,
  type OpsPagingEvent,
  type OpsPagingQuery,
} from './opsPaging.ts';

export interface OpsQueueFilters {
  status: ClaimStatus | '';
  /** FROM-TO currency codes, or ''. */
  direction: string;
  dateFrom: string;
  dateTo: string;
  q: string;
}

export type OpsQueueQuery = OpsPagingQuery<OpsQueueFilters>;

export interface OpsQueueResult {
  page: Paged<OpsClaimRow>;
  counts: OpsClaimCounts;
}

export interface OpsQueueContext extends OpsPagingContext<OpsQueueFilters> {
  result: OpsQueueResult | null;
  /** Code of the last failure, while the last call failed. */
  error: string | null;
}

export type OpsQueueEvent =
  | OpsPagingEvent<OpsQueueFilters>
  | { type: 'filters.reset' }
  | { type: 'retry' }
  /** The live feed: claims were created or changed. */
  | LiveChangedEvent;

/** The topic of the console's event stream. */
export const QUEUE_TOPIC = 'queue';

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

export const opsQueueMachine = setup({
  types: { context: {} as OpsQueueContext, events: {} as OpsQueueEvent, children: {} as { live: 'liveFeed' } },
  actors: {
    /** GET claims/ with the query, and claims/counts/. */
    fetchQueue: fromPromise<OpsQueueResult, OpsQueueQuery>(async () => {
      throw new Error('opsQueue: the console must provide "fetchQueue"');
    }),
    liveFeed: liveFeedSlot,
  },
  actions: {
    ...opsPagingActions<OpsQueueFilters, OpsQueueContext, OpsQueueEvent>(),
    resetFilters: assign(opsPagingStart(EMPTY_FILTERS)),
    /** The queue's live feed, for as long as the operator is signed in. */
    startLiveFeed: spawnChild('liveFeed', { id: 'live', input: { topic: QUEUE_TOPIC } }),
    storeResult: assign({ result: (_, params: { result: OpsQueueResult }) => params.result, error: null }),
    storeError: assign({ error: (_, params: { error: unknown }) => failureCodeOf(params.error) }),
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
    /** How soon a failed load is tried again (the network or the server may come back). */
    queueRetry: 5000,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'opsQueue',
  context: { ...opsPagingStart(EMPTY_FILTERS), result: null, error: null },
  entry: 'startLiveFeed',
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
      // News while a load is on its way: that load may predate it, so it starts again.
      on: { 'live.changed': { target: 'loading', reenter: true } },
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
    /** Shown as loaded until the feed says claims changed. */
    live: {
      on: { 'live.changed': { target: 'loading' } },
    },
    /** Asks again after a pause, at once on retry, or when the feed brings news. */
    failed: {
      after: { queueRetry: { target: 'loading' } },
      on: { retry: { target: 'loading' }, 'live.changed': { target: 'loading' } },
    },
  },
});

export type OpsQueueMachine = typeof opsQueueMachine;
