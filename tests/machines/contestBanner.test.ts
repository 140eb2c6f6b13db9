import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { contestBannerMachine, type ContestBannerEvent } from '../../machines/contestBanner.ts';
import { startMachine } from './harness.ts';
import { deferred } from './deferred.ts';

/** Storage fake: the ids of dismissed contests, and the reads asked for. */
function start(dismissed: string[] = [], failRead = false) {
  const reads: string[] = [];
  const remembered: string[] = [];
  const pending = deferred<void>();
  const machine = contestBannerMachine.provide({
    actors: {
      readDismissal: fromPromise<boolean, { contestId: string }>(async ({ input }) => {
        reads.push(input.contestId);
        await pending.promise;
        if (failRead) throw new Error('storage blocked');
        return dismissed.includes(input.contestId);
      }),
    },
    actions: { rememberDismissal: (_, { contestId }) => remembered.push(contestId) },
  });
  return { actor: startMachine(machine), reads, remembered, release: () => pending.resolve() };
}

const ACTIVE = { type: 'contest.loaded', active: true, contestId: '2026-11-01' } as const;

describe('the settings watcher', () => {
  it("takes the contest from the app's watcher while the banner runs, and stops it with the banner", async () => {
    const stopped = vi.fn();
    const machine = contestBannerMachine.provide({
      actors: {
        readDismissal: fromPromise<boolean, { contestId: string }>(async () => false),
        watchContest: fromCallback<ContestBannerEvent>(({ sendBack }) => {
          sendBack(ACTIVE);
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine);
    await waitFor(actor, (s) => s.hasTag('visible'));
    expect(actor.getSnapshot().context.contestId).toBe('2026-11-01');
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});

describe('idle', () => {
  it('starts hidden', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('stays hidden when no contest is active', () => {
    const { actor, reads } = start();
    actor.send({ type: 'contest.loaded', active: false, contestId: '2026-11-01' });
    actor.send({ type: 'contest.loaded', active: true, contestId: null });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(reads).toEqual([]);
  });

  it('an active contest makes it check whether this contest was dismissed', () => {
    const { actor, reads } = start();
    actor.send(ACTIVE);
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.contestId).toBe('2026-11-01');
    expect(reads).toEqual(['2026-11-01']);
  });
});

describe('checking', () => {
  it('shows the banner when this contest was not dismissed', async () => {
    const { actor, release } = start(['2025-01-01']);
    actor.send(ACTIVE);
    release();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
  });

  it('stays hidden when this contest was dismissed before', async () => {
    const { actor, release } = start(['2026-11-01']);
    actor.send(ACTIVE);
    release();
    await waitFor(actor, (s) => s.matches('dismissed'));
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('shows the banner when the storage cannot be read', async () => {
    const { actor, release } = start([], true);
    actor.send(ACTIVE);
    release();
    await waitFor(actor, (s) => s.matches('shown'));
  });
});

describe('shown', () => {
  async function shown() {
    const started = start();
    started.actor.send(ACTIVE);
    started.release();
    await waitFor(started.actor, (s) => s.matches('shown'));
    return started;
  }

  it('banner.dismiss hides it and remembers the dismissal of this contest', async () => {
    const { actor, remembered } = await shown();
    actor.send({ type: 'banner.dismiss' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(remembered).toEqual(['2026-11-01']);
  });

  it('hides it when the contest ends', async () => {
    const { actor, remembered } = await shown();
    actor.send({ type: 'contest.loaded', active: false, contestId: '2026-11-01' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.contestId).toBeNull();
    expect(remembered).toEqual([]);
  });

  it('stays shown when the settings still say active', async () => {
    const { actor } = await shown();
    actor.send(ACTIVE);
    expect(actor.getSnapshot().value).toBe('shown');
  });
});

describe('dismissed', () => {
  it('stays hidden whatever the settings say', async () => {
    const { actor, release } = start(['2026-11-01']);
    actor.send(ACTIVE);
    release();
    await waitFor(actor, (s) => s.matches('dismissed'));
    actor.send(ACTIVE);
    actor.send({ type: 'banner.dismiss' });
    expect(actor.getSnapshot().value).toBe('dismissed');
  });
});

describe('contestBanner: before any settings', () => {
  it('knows no contest yet', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toEqual({ contestId: null });
  });
});
