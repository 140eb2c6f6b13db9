import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { pageCount, pagedListMachine, type PageQuery, type PageResult } from '../../machines/pagedList.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

function start(
  input: { size: number; filters?: { date_from?: string | null; date_to?: string | null }; preloaded?: PageResult | null } = {
    size: 10,
  },
) {
  const queries: PageQuery[] = [];
  const answers: Deferred<PageResult>[] = [];
  const machine = pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult, PageQuery>(({ input: query }) => {
        queries.push(query);
        const answer = deferred<PageResult>();
        answers.push(answer);
        return answer.promise;
      }),
    },
  });
  const actor = startMachine(machine, { input });
  return { actor, queries, answers };
}

const page = (count: number, ...results: string[]): PageResult => ({ count, results });

async function ready(count = 35) {
  const started = start();
  started.answers[0]!.resolve(page(count, 'a', 'b'));
  await waitFor(started.actor, (s) => s.matches('ready'));
  return started;
}

describe('pageCount', () => {
  it('rounds up and never drops below one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('starting', () => {
  it('shows the first page the server rendered without asking for it', () => {
    const { actor, queries } = start({ size: 5, preloaded: page(12, 'a', 'b') });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, items: ['a', 'b'], count: 12, preloaded: true });
    expect(queries).toEqual([]);
  });

  it('shows an empty first page as rendered too', () => {
    const { actor, queries } = start({ size: 5, preloaded: page(0) });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(queries).toEqual([]);
  });

  it('loads the first page itself when the server rendered none', () => {
    const { actor, queries } = start({ size: 5, preloaded: null });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.preloaded).toBe(false);
    expect(queries).toHaveLength(1);
  });

  it('moves from a rendered page to the next one like any other', async () => {
    const { actor, queries, answers } = start({ size: 5, preloaded: page(12, 'a', 'b') });
    actor.send({ type: 'page.changed', page: 2 });
    expect(queries).toEqual([{ page: 2, size: 5, date_from: null, date_to: null }]);
    answers[0]!.resolve(page(12, 'c'));
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    expect(actor.getSnapshot().context.items).toEqual(['c']);
  });
});

describe('loading', () => {
  it('asks for the first page with the given size and filters', () => {
    const { actor, queries } = start({ size: 5, filters: { date_from: '2026-01-01' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(queries).toEqual([{ page: 1, size: 5, date_from: '2026-01-01', date_to: null }]);
  });

  it('keeps the items and count of the answer', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().context).toMatchObject({ items: ['a', 'b'], count: 35, error: null });
  });

  it('fails with the error code, or unknown', async () => {
    const { actor, answers } = start();
    answers[0]!.reject({ code: 'network_error' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('network_error');
    actor.send({ type: 'retry' });
    answers[1]!.reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('unknown');
  });

  it('restarts with the newest page or filters while a fetch is in flight', async () => {
    const { actor, queries, answers } = await ready();
    actor.send({ type: 'page.changed', page: 2 });
    actor.send({ type: 'page.changed', page: 3 });
    actor.send({ type: 'filters.changed', filters: { date_to: '2026-02-01' } });
    expect(queries.slice(1)).toEqual([
      { page: 2, size: 10, date_from: null, date_to: null },
      { page: 3, size: 10, date_from: null, date_to: null },
      { page: 1, size: 10, date_from: null, date_to: '2026-02-01' },
    ]);
    answers[2]!.resolve(page(35, 'stale'));
    answers[3]!.resolve(page(1, 'fresh'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual(['fresh']);
  });
});

describe('ready', () => {
  it('loads another page, clamped to the pages that exist', async () => {
    const { actor, queries } = await ready(35);
    actor.send({ type: 'page.changed', page: 9 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(queries[1]?.page).toBe(4);
    expect(actor.getSnapshot().context.items).toEqual(['a', 'b']);
  });

  it('goes back to the first page when the filters change', async () => {
    const { actor, queries, answers } = await ready();
    actor.send({ type: 'page.changed', page: 2 });
    answers[1]!.resolve(page(35, 'c'));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filters.changed', filters: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(queries[2]).toEqual({ page: 1, size: 10, date_from: '2026-03-01', date_to: '2026-03-31' });
  });

  it('reloads the same page', async () => {
    const { actor, queries } = await ready();
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(queries[1]).toEqual(queries[0]);
  });
});

describe('failed', () => {
  async function failed() {
    const started = start();
    started.answers[0]!.reject({ code: 'http_500' });
    await waitFor(started.actor, (s) => s.matches('failed'));
    return started;
  }

  it('retries the same query', async () => {
    const { actor, queries, answers } = await failed();
    actor.send({ type: 'retry' });
    expect(queries[1]).toEqual(queries[0]);
    answers[1]!.resolve(page(1, 'x'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leaves on a page or filter change', async () => {
    const first = await failed();
    first.actor.send({ type: 'page.changed', page: 1 });
    expect(first.actor.getSnapshot().value).toBe('loading');
    const second = await failed();
    second.actor.send({ type: 'filters.changed', filters: { date_from: '2026-01-01' } });
    expect(second.queries[1]?.date_from).toBe('2026-01-01');
  });
});

describe('pagedList: starting and recovering', () => {
  it('shows no rows before the first answer', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, items: [], count: 0, error: null });
  });

  it('after a failed page, asks for the page chosen next', async () => {
    const { actor, queries, answers } = await ready(35);
    actor.send({ type: 'page.changed', page: 2 });
    answers[1]!.reject({ code: 'network_error' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'page.changed', page: 3 });
    expect(queries[2]?.page).toBe(3);
  });
});
