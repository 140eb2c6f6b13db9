// The filter form and page shared by the console's list screens and its claims queue, checked on both machines
// (each machine's own test file covers its transitions; this one pins the shared rules once for both).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { opsListMachine, type OpsListQuery } from '../../machines/opsList.ts';
import { opsPagingStart, type OpsPagingContext } from '../../machines/opsPaging.ts';
import { EMPTY_FILTERS, opsQueueMachine, type OpsQueueQuery, type OpsQueueResult } from '../../machines/opsQueue.ts';
import type { Paged } from '../../src/api/schemas/common.ts';

type Query = OpsListQuery | OpsQueueQuery;

interface Started {
  actor: AnyActorRef;
  queries: Query[];
}

const never = () => new Promise<never>(() => {});

function startList(): Started {
  const queries: Query[] = [];
  const machine = opsListMachine.provide({
    actors: {
      fetchPage: fromPromise<Paged<unknown>, OpsListQuery>(({ input }) => {
        queries.push(input);
        return never();
      }),
    },
  });
  const actor = createActor(machine, { input: { filters: { status: '', q: '' } } }).start();
  return { actor, queries };
}

function startQueue(): Started {
  const queries: Query[] = [];
  const machine = opsQueueMachine.provide({
    actors: {
      fetchQueue: fromPromise<OpsQueueResult, OpsQueueQuery>(({ input }) => {
        queries.push(input);
        return never();
      }),
      // No news from the live feed here.
      liveFeed: fromCallback(() => {}),
    },
  });
  return { actor: createActor(machine).start(), queries };
}

const paging = (actor: AnyActorRef) => actor.getSnapshot().context as OpsPagingContext<Record<string, string>>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('opsPagingStart', () => {
  it('starts with the filters in the form and the first page asked with them, each its own copy', () => {
    const filters = { status: 'pending' };
    const start = opsPagingStart(filters);
    expect(start).toEqual({ draft: { status: 'pending' }, query: { filters: { status: 'pending' }, page: 1 } });
    expect(start.draft).not.toBe(filters);
    expect(start.query.filters).not.toBe(filters);
    expect(start.query.filters).not.toBe(start.draft);
  });
});

describe.each([
  ['opsList', startList, { status: '', q: '' }],
  ['opsQueue', startQueue, EMPTY_FILTERS],
])('the filter form and page of %s', (_, start, initial) => {
  it('typing changes one field of the draft and asks nothing', () => {
    const { actor, queries } = start();
    actor.send({ type: 'draft.changed', name: 'q', value: 'abc' });
    actor.send({ type: 'draft.changed', name: 'status', value: 'paid' });
    expect(paging(actor).draft).toEqual({ ...initial, q: 'abc', status: 'paid' });
    expect(paging(actor).query).toEqual({ filters: initial, page: 1 });
    expect(queries).toHaveLength(1);
  });

  it('applying asks with the draft from page 1; typing after it does not change the query', () => {
    const { actor, queries } = start();
    actor.send({ type: 'page.changed', page: 4 });
    actor.send({ type: 'draft.changed', name: 'q', value: 'abc' });
    actor.send({ type: 'draft.applied' });
    expect(queries[2]).toEqual({ filters: { ...initial, q: 'abc' }, page: 1 });
    actor.send({ type: 'draft.changed', name: 'q', value: 'abcd' });
    expect(paging(actor).query.filters.q).toBe('abc');
  });

  it('filters chosen at once join the applied ones and the draft, from page 1', () => {
    const { actor, queries } = start();
    actor.send({ type: 'draft.changed', name: 'q', value: 'typed' });
    actor.send({ type: 'page.changed', page: 3 });
    actor.send({ type: 'filters.changed', filters: { status: 'paid' } });
    expect(queries[2]).toEqual({ filters: { ...initial, status: 'paid' }, page: 1 });
    expect(paging(actor).draft).toEqual({ ...initial, q: 'typed', status: 'paid' });
  });

  it('a page keeps the filters; none before the first', () => {
    const { actor, queries } = start();
    actor.send({ type: 'filters.changed', filters: { status: 'paid' } });
    actor.send({ type: 'page.changed', page: 3 });
    expect(queries[2]).toEqual({ filters: { ...initial, status: 'paid' }, page: 3 });
    actor.send({ type: 'page.changed', page: 0 });
    actor.send({ type: 'page.changed', page: -2 });
    expect(queries.slice(3).map((query) => query.page)).toEqual([1, 1]);
  });
});
