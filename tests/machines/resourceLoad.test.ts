import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';
import { startMachine } from './harness.ts';

function start(results: Array<() => Promise<unknown>>) {
  let call = 0;
  const machine = resourceLoadMachine.provide({
    actors: {
      fetchResource: fromPromise(async () => {
        const next = results[Math.min(call, results.length - 1)]!;
        call += 1;
        return next();
      }),
    },
  });
  return { actor: startMachine(machine), calls: () => call };
}

describe('loading', () => {
  it('holds the loaded data', async () => {
    const { actor } = start([async () => ({ balance: '10.00' })]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ params: null, data: { balance: '10.00' }, error: null });
  });

  it('fails with the error code, or unknown', async () => {
    const { actor } = start([
      async () => {
        throw { code: 'http_500' };
      },
      async () => {
        throw new Error('boom');
      },
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('http_500');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.error === 'unknown');
  });
});

describe('ready', () => {
  it('reloads, keeping the data on screen meanwhile', async () => {
    const { actor, calls } = start([async () => 1, async () => 2]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().context.data).toBe(1);
    await waitFor(actor, (s) => s.matches('ready') && s.context.data === 2);
    expect(calls()).toBe(2);
  });
});

describe('failed', () => {
  it('loads again on retry', async () => {
    const { actor } = start([
      async () => {
        throw { code: 'network_error' };
      },
      async () => 'ok',
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ params: null, data: 'ok', error: null });
  });
});

describe('resourceLoad: before the first answer', () => {
  it('has neither data nor an error to show', () => {
    const { actor } = start([() => new Promise(() => {})]);
    expect(actor.getSnapshot().context).toEqual({ params: null, data: null, error: null });
  });
});

describe('resourceLoad: which resource', () => {
  it('hands input.params to fetchResource and keeps them for a reload', async () => {
    const asked: unknown[] = [];
    const machine = resourceLoadMachine.provide({
      actors: {
        fetchResource: fromPromise<unknown, ResourceParams>(async ({ input }) => {
          asked.push(input);
          return `item ${input}`;
        }),
      },
    });
    const actor = startMachine(machine, { input: { params: 'first-news' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ params: 'first-news', data: 'item first-news', error: null });
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.matches('ready') && asked.length === 2);
    expect(asked).toEqual(['first-news', 'first-news']);
  });
});

describe('starting', () => {
  function startWith(preloaded: unknown) {
    let calls = 0;
    const machine = resourceLoadMachine.provide({
      actors: {
        fetchResource: fromPromise<unknown, ResourceParams>(async (): Promise<unknown> => {
          calls += 1;
          return { title: 'loaded' };
        }),
      },
    });
    return { actor: startMachine(machine, { input: { preloaded } }), calls: () => calls };
  }

  it('shows the data the server rendered at once, loading nothing, and reloads when asked', async () => {
    const { actor, calls } = startWith({ title: 'rendered' });
    // The first snapshot (the one the server renders and the browser hydrates with) is already ready.
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual({ title: 'rendered' });
    await Promise.resolve();
    expect(calls()).toBe(0);
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.matches('ready') && calls() === 1);
    expect(actor.getSnapshot().context.data).toEqual({ title: 'loaded' });
  });

  it('loads when nothing was rendered', async () => {
    const { actor, calls } = startWith(null);
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls()).toBe(1);
  });
});
