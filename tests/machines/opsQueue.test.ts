import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { bringsNews, opsQueueMachine, type OpsQueueQuery, type OpsQueueResult } from '../../machines/opsQueue.ts';
import type { OpsClaimCounts } from '../../src/api/schemas/ops.ts';
import { deferred, type Deferred } from './deferred.ts';
import { startMachine } from './harness.ts';

function counts(attention: number, latestAttentionAt: string | null): OpsClaimCounts {
  return { byStatus: { awaiting_payment: attention } as OpsClaimCounts['byStatus'], attention, latestAttentionAt };
}

function result(attention: number, latest: string | null): OpsQueueResult {
  return { page: { count: 0, next: null, previous: null, results: [] }, counts: counts(attention, latest) };
}

function start() {
  const feed = { topics: [] as string[], tell: () => {} };
  const calls: { query: OpsQueueQuery; answer: Deferred<OpsQueueResult> }[] = [];
  const titles: number[] = [];
  let sounds = 0;
  const machine = opsQueueMachine.provide({
    actors: {
      fetchQueue: fromPromise<OpsQueueResult, OpsQueueQuery>(({ input }) => {
        const answer = deferred<OpsQueueResult>();
        calls.push({ query: input, answer });
        return answer.promise;
      }),
      // The live feed (tested in liveFeed.test.ts): the test says when claims changed.
      liveFeed: fromCallback<EventObject, { topic: string }>(({ sendBack, input }) => {
        feed.topics.push(input.topic);
        feed.tell = () => sendBack({ type: 'live.changed' });
      }),
    },
    actions: {
      showAttention: (_, params) => titles.push(params.attention),
      announce: () => {
        sounds += 1;
      },
    },
  });
  return { actor: startMachine(machine), calls, titles, sounds: () => sounds, feed };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bringsNews', () => {
  it('is news when more claims wait or a newer one came; never on the first load', () => {
    expect(bringsNews(null, counts(3, '2026-01-01T00:00:00Z'))).toBe(false);
    expect(bringsNews(counts(1, '2026-01-01T00:00:00Z'), counts(2, '2026-01-01T00:00:00Z'))).toBe(true);
    expect(bringsNews(counts(2, '2026-01-01T00:00:00Z'), counts(2, '2026-01-01T00:01:00Z'))).toBe(true);
    expect(bringsNews(counts(0, null), counts(0, '2026-01-01T00:01:00Z'))).toBe(true);
    expect(bringsNews(counts(2, '2026-01-01T00:01:00Z'), counts(1, '2026-01-01T00:01:00Z'))).toBe(false);
    expect(bringsNews(counts(1, '2026-01-01T00:01:00Z'), counts(0, null))).toBe(false);
    expect(bringsNews(counts(2, '2026-01-01T00:01:00Z'), counts(2, '2026-01-01T00:01:00Z'))).toBe(false);
    expect(bringsNews(counts(0, null), counts(0, null))).toBe(false);
  });
});

describe('loading', () => {
  it('loads the first page, shows the count in the title, without a sound', async () => {
    const { actor, calls, titles, sounds } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls[0]!.query).toEqual({
      filters: { status: '', direction: '', dateFrom: '', dateTo: '', q: '' },
      page: 1,
    });
    calls[0]!.answer.resolve(result(2, '2026-01-01T00:00:00Z'));
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    expect(titles).toEqual([2]);
    expect(sounds()).toBe(0);
  });

  it('a failure is kept with its code', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.reject({ detail: 'down', code: 'unavailable' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('unavailable');
  });
});

describe('live', () => {
  it('asks again when the feed says claims changed, never on its own; a new claim sounds and updates the title', async () => {
    const { actor, calls, titles, sounds, feed } = start();
    expect(feed.topics).toEqual(['queue']);
    calls[0]!.answer.resolve(result(1, '2026-01-01T00:00:00Z'));
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(1);
    feed.tell();
    expect(actor.getSnapshot().value).toBe('loading');
    calls[1]!.answer.resolve(result(2, '2026-01-01T00:00:05Z'));
    await settle();
    expect(sounds()).toBe(1);
    expect(titles).toEqual([1, 2]);
    expect(actor.getSnapshot().value).toBe('live');
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.result?.counts.attention).toBe(2);
  });

  it('filters start again from page 1; a page change keeps the filters', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.resolve(result(0, null));
    await settle();
    actor.send({ type: 'page.changed', page: 3 });
    expect(calls[1]!.query.page).toBe(3);
    actor.send({ type: 'filters.changed', filters: { status: 'paid', q: 'abc' } });
    expect(calls[2]!.query).toMatchObject({ filters: { status: 'paid', q: 'abc' }, page: 1 });
    actor.send({ type: 'page.changed', page: 2 });
    expect(calls[3]!.query).toMatchObject({ filters: { status: 'paid', q: 'abc' }, page: 2 });
  });
});

describe('the filter form', () => {
  it('keeps what is typed without asking; applying asks from page 1 with it', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.resolve(result(0, null));
    await settle();
    actor.send({ type: 'page.changed', page: 2 });
    actor.send({ type: 'draft.changed', name: 'q', value: 'alice@example.com' });
    actor.send({ type: 'draft.changed', name: 'dateFrom', value: '2026-01-01' });
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.draft).toMatchObject({ q: 'alice@example.com', dateFrom: '2026-01-01' });
    expect(actor.getSnapshot().context.query.filters.q).toBe('');
    actor.send({ type: 'draft.applied' });
    expect(calls[2]!.query).toEqual({
      filters: { status: '', direction: '', dateFrom: '2026-01-01', dateTo: '', q: 'alice@example.com' },
      page: 1,
    });
  });

  it('a status chosen at once shows in the form too; reset empties both and asks again', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'draft.changed', name: 'q', value: '12ab' });
    actor.send({ type: 'filters.changed', filters: { status: 'paid' } });
    expect(actor.getSnapshot().context.draft).toMatchObject({ status: 'paid', q: '12ab' });
    expect(calls[1]!.query).toMatchObject({ filters: { status: 'paid', q: '' }, page: 1 });
    actor.send({ type: 'filters.reset' });
    expect(actor.getSnapshot().context.draft).toEqual({ status: '', direction: '', dateFrom: '', dateTo: '', q: '' });
    expect(calls[2]!.query).toEqual({
      filters: { status: '', direction: '', dateFrom: '', dateTo: '', q: '' },
      page: 1,
    });
  });
});

describe('loading (news on the way)', () => {
  it('news while a load is on its way starts it again; the later answer is shown', async () => {
    const { actor, calls, feed } = start();
    feed.tell();
    expect(calls).toHaveLength(2);
    calls[1]!.answer.resolve(result(3, null));
    await settle();
    expect(actor.getSnapshot().context.result?.counts.attention).toBe(3);
    calls[0]!.answer.resolve(result(1, null));
    await settle();
    expect(actor.getSnapshot().context.result?.counts.attention).toBe(3);
  });
});

describe('failed', () => {
  it('asks again at once when the feed brings news', async () => {
    const { actor, calls, feed } = start();
    calls[0]!.answer.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    feed.tell();
    expect(calls).toHaveLength(2);
  });

  it('tries again on the timer, or at once on retry', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('unknown');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
    calls[1]!.answer.reject(new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(calls).toHaveLength(3);
    calls[2]!.answer.resolve(result(0, null));
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
