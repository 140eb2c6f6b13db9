import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { opsListMachine, type OpsListQuery } from '../../machines/opsList.ts';
import type { Paged } from '../../src/api/schemas/common.ts';
import { deferred, type Deferred } from './deferred.ts';
import { startMachine } from './harness.ts';

function page(results: unknown[], more = false): Paged<unknown> {
  return { count: results.length, next: more ? '?page=2' : null, previous: null, results };
}

function start(filters: Record<string, string> = { status: 'pending' }) {
  const calls: { query: OpsListQuery; answer: Deferred<Paged<unknown>> }[] = [];
  const machine = opsListMachine.provide({
    actors: {
      fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(({ input }) => {
        const answer = deferred<Paged<unknown>>();
        calls.push({ query: input, answer });
        return answer.promise;
      }),
    },
  });
  return { actor: startMachine(machine, { input: { filters } }), calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('asks for the first page with the initial filters and keeps the answer', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls[0]!.query).toEqual({ filters: { status: 'pending' }, page: 1 });
    calls[0]!.answer.resolve(page(['a']));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.result?.results).toEqual(['a']);
  });

  it('a failure keeps its code and the rows shown before', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.resolve(page(['a']));
    await settle();
    actor.send({ type: 'reload' });
    calls[1]!.answer.reject({ detail: 'down', code: 'unavailable' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'unavailable', result: { results: ['a'] } });
  });

  it('a newer query replaces the one in flight', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'filters.changed', filters: { status: 'approved' } });
    expect(calls).toHaveLength(2);
    calls[0]!.answer.resolve(page(['old']));
    calls[1]!.answer.resolve(page(['new']));
    await settle();
    expect(actor.getSnapshot().context.result?.results).toEqual(['new']);
  });
});

describe('the filter form', () => {
  it('keeps what is typed without asking; applying asks from page 1 with it', async () => {
    const { actor, calls } = start({ action: '', actor: '' });
    calls[0]!.answer.resolve(page([], true));
    await settle();
    actor.send({ type: 'page.changed', page: 2 });
    expect(calls[1]!.query).toEqual({ filters: { action: '', actor: '' }, page: 2 });
    actor.send({ type: 'draft.changed', name: 'action', value: 'claim.move' });
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.query.filters.action).toBe('');
    actor.send({ type: 'draft.applied' });
    expect(calls[2]!.query).toEqual({ filters: { action: 'claim.move', actor: '' }, page: 1 });
  });

  it('a tab chosen at once is applied from page 1, shows in the form, and drops the rows of the tab left', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.resolve(page(['pending row']));
    await settle();
    actor.send({ type: 'page.changed', page: 3 });
    actor.send({ type: 'filters.changed', filters: { status: 'rejected' } });
    expect(calls[2]!.query).toEqual({ filters: { status: 'rejected' }, page: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ draft: { status: 'rejected' }, result: null });
  });

  it('never asks for a page before the first', () => {
    const { actor, calls } = start();
    actor.send({ type: 'page.changed', page: 0 });
    expect(calls[1]!.query.page).toBe(1);
  });
});

describe('ready', () => {
  it('reloads after a decision, keeping the rows on screen meanwhile', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.resolve(page(['a', 'b']));
    await settle();
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().context.result?.results).toEqual(['a', 'b']);
    expect(calls[1]!.query).toEqual({ filters: { status: 'pending' }, page: 1 });
    calls[1]!.answer.resolve(page(['b']));
    await settle();
    expect(actor.getSnapshot().context.result?.results).toEqual(['b']);
  });
});

describe('failed', () => {
  it('asks again on retry', async () => {
    const { actor, calls } = start();
    calls[0]!.answer.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('unknown');
    actor.send({ type: 'retry' });
    calls[1]!.answer.resolve(page([]));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
