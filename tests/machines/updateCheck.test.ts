import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { UPDATE_CHECK_INTERVAL_MS, updateCheckMachine, type UpdateCheckEvent } from '../../machines/updateCheck.ts';
import { startMachine } from './harness.ts';

const RUNNING = 'assets/index-aaaa.js';
const FIRST_PAGE = '/rules';

/** `latest` answers the fetches in order (an Error rejects); reloads are counted. */
function start(running: string | null, latest: (string | Error)[] = []) {
  let fetches = 0;
  let reloads = 0;
  const machine = updateCheckMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<string, void>(async () => {
        const answer = latest[fetches] ?? RUNNING;
        fetches += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: {
      reload: () => {
        reloads += 1;
      },
    },
  });
  const actor = startMachine(machine, { input: { running, path: FIRST_PAGE } });
  return { actor, fetches: () => fetches, reloads: () => reloads };
}

/** Lets the hour pass and the fetch settle. */
async function anHourLater() {
  await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('waits for the next check when the running build is known', () => {
    const { actor } = start(RUNNING);
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('is disabled when there is no built entry to compare (development)', async () => {
    const { actor, fetches } = start(null);
    expect(actor.getSnapshot().value).toBe('disabled');
    await anHourLater();
    expect(fetches()).toBe(0);
  });
});

describe('waiting', () => {
  it('checks once the hourly updateCheck delay has passed, not before', async () => {
    const { actor, fetches } = start(RUNNING);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(fetches()).toBe(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches()).toBe(1);
  });
});

describe('checking', () => {
  it('goes back to waiting when the build is the same, and checks again an hour later', async () => {
    const { actor, fetches } = start(RUNNING, [RUNNING, RUNNING]);
    await anHourLater();
    expect(actor.getSnapshot().value).toBe('waiting');
    await anHourLater();
    expect(fetches()).toBe(2);
  });

  it('reports a new build', async () => {
    const { actor } = start(RUNNING, ['assets/index-bbbb.js']);
    await anHourLater();
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    expect(actor.getSnapshot().hasTag('noticeVisible')).toBe(true);
    expect(actor.getSnapshot().context.latest).toBe('assets/index-bbbb.js');
  });

  it('ignores an empty answer', async () => {
    const { actor } = start(RUNNING, ['']);
    await anHourLater();
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('waits for the next hour after a failed fetch', async () => {
    const { actor, fetches } = start(RUNNING, [new Error('offline'), 'assets/index-cccc.js']);
    await anHourLater();
    expect(actor.getSnapshot().value).toBe('waiting');
    await anHourLater();
    expect(fetches()).toBe(2);
    expect(actor.getSnapshot().value).toBe('updateAvailable');
  });
});

describe('updateAvailable', () => {
  async function available() {
    const started = start(RUNNING, ['assets/index-bbbb.js']);
    await anHourLater();
    return started;
  }

  it('does not take the page it started on for a navigation (the view reports it when it mounts)', async () => {
    const { actor, reloads } = await available();
    actor.send({ type: 'route.changed', path: FIRST_PAGE });
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    expect(reloads()).toBe(0);
  });

  it('reloads on the next navigation', async () => {
    const { actor, reloads } = await available();
    actor.send({ type: 'route.changed', path: '/news' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads()).toBe(1);
  });

  it('reloads at once when asked', async () => {
    const { actor, reloads } = await available();
    actor.send({ type: 'update.reloadNow' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads()).toBe(1);
  });

  it('hides the notice when dismissed, without reloading', async () => {
    const { actor, reloads, fetches } = await available();
    actor.send({ type: 'update.dismiss' });
    expect(actor.getSnapshot().value).toBe('pendingReload');
    expect(actor.getSnapshot().hasTag('noticeVisible')).toBe(false);
    expect(reloads()).toBe(0);
    await anHourLater();
    expect(fetches()).toBe(1);
  });
});

describe('pendingReload', () => {
  it('stays while the visitor is on the same page', async () => {
    const { actor, reloads } = start(RUNNING, ['assets/index-bbbb.js']);
    await anHourLater();
    actor.send({ type: 'update.dismiss' });
    actor.send({ type: 'route.changed', path: FIRST_PAGE });
    expect(actor.getSnapshot().value).toBe('pendingReload');
    expect(reloads()).toBe(0);
  });

  it('reloads on the next navigation', async () => {
    const { actor, reloads } = start(RUNNING, ['assets/index-bbbb.js']);
    await anHourLater();
    actor.send({ type: 'update.dismiss' });
    actor.send({ type: 'route.changed', path: '/news' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads()).toBe(1);
  });
});

describe('updateCheck: following the page', () => {
  it('starts on the page the view mounted on', () => {
    expect(start(RUNNING).actor.getSnapshot().context.path).toBe(FIRST_PAGE);
  });

  it('keeps up with navigations before a new build is found, so coming back to the first page reloads', async () => {
    const { actor, reloads } = start(RUNNING, ['assets/index-bbbb.js']);
    actor.send({ type: 'route.changed', path: '/news' });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.path).toBe('/news');
    await anHourLater();
    actor.send({ type: 'route.changed', path: FIRST_PAGE });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads()).toBe(1);
  });
});

describe('updateCheck: the hour and the end', () => {
  it('checks a full hour (3 600 000 ms) after the start', async () => {
    const { fetches } = start(RUNNING);
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(fetches()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches()).toBe(1);
  });

  it('is over when disabled in development, and once it has reloaded the page', async () => {
    expect(start(null).actor.getSnapshot().status).toBe('done');
    const { actor } = start(RUNNING, ['assets/index-bbbb.js']);
    await anHourLater();
    actor.send({ type: 'update.reloadNow' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('updateCheck: the route watcher', () => {
  it("follows the pages the app's watcher reports, and stops it with the check", () => {
    let navigate: (event: UpdateCheckEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = updateCheckMachine.provide({
      actors: {
        fetchLatestBuild: fromPromise<string, void>(async () => RUNNING),
        watchRoute: fromCallback<UpdateCheckEvent>(({ sendBack }) => {
          navigate = sendBack;
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine, { input: { running: RUNNING, path: FIRST_PAGE } });
    navigate({ type: 'route.changed', path: '/news' });
    expect(actor.getSnapshot().context.path).toBe('/news');
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
