import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, fromCallback, setup } from 'xstate';
import {
  CONNECT_TIMEOUT_MS,
  FALLBACK_POLL_MS,
  liveFeedMachine,
  reconnectDelayMs,
  type LiveStreamEvent,
} from '../../machines/liveFeed.ts';
import { startMachine } from './harness.ts';

/** The streams the feed opened, newest last: their topic, whether still open, and how to report on them. */
interface FakeStream {
  topic: string;
  open: boolean;
  report(event: LiveStreamEvent): void;
}

/** A parent that runs the feed (as the claim page and the console's queue do) and counts what it was told. */
function start() {
  const streams: FakeStream[] = [];
  const feed = liveFeedMachine.provide({
    actors: {
      eventStream: fromCallback<LiveStreamEvent, { topic: string }>(({ sendBack, input }) => {
        const stream: FakeStream = { topic: input.topic, open: true, report: sendBack };
        streams.push(stream);
        return () => (stream.open = false);
      }),
    },
  });
  const parent = setup({
    types: { context: {} as { told: number }, events: {} as { type: 'live.changed' } },
    actors: { feed },
    actions: { count: assign({ told: ({ context }) => context.told + 1 }) },
  }).createMachine({
    context: { told: 0 },
    invoke: { id: 'feed', src: 'feed', input: { topic: 'claim-1' } },
    on: { 'live.changed': { actions: 'count' } },
  });
  const actor = startMachine(parent);
  const feedActor = () => actor.getSnapshot().children.feed!;
  const stream = () => streams.at(-1)!;
  return { actor, streams, stream, told: () => actor.getSnapshot().context.told, feed: feedActor };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at a minute', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
    expect(reconnectDelayMs(0)).toBe(1000);
  });
});

describe('connection.streaming.connecting', () => {
  it('opens the stream for its topic and tells the parent once when it opens', () => {
    const { streams, stream, told, feed } = start();
    expect(streams.map((one) => one.topic)).toEqual(['claim-1']);
    expect(feed().getSnapshot().matches({ connection: { streaming: 'connecting' } })).toBe(true);
    expect(told()).toBe(0);
    stream().report({ type: 'stream.opened' });
    expect(feed().getSnapshot().matches({ connection: { streaming: 'open' } })).toBe(true);
    expect(feed().getSnapshot().hasTag('live')).toBe(true);
    expect(told()).toBe(1);
  });

  it('falls back to polling when the stream does not open in time (a proxy holding it)', async () => {
    const { stream, feed } = start();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(feed().getSnapshot().matches({ connection: 'streaming' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(feed().getSnapshot().hasTag('polling')).toBe(true);
    expect(feed().getSnapshot().context.failures).toBe(1);
    expect(stream().open).toBe(false);
  });
});

describe('connection.streaming.open', () => {
  it('tells the parent on every notice, and nothing while idle', async () => {
    const { stream, told } = start();
    stream().report({ type: 'stream.opened' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(told()).toBe(1);
    stream().report({ type: 'stream.changed' });
    stream().report({ type: 'stream.changed' });
    expect(told()).toBe(3);
  });
});

describe('connection.streaming → pausing, poll.idle → polling', () => {
  it('a broken stream is closed and the feed falls back to polling', () => {
    const { stream, feed, told } = start();
    stream().report({ type: 'stream.opened' });
    stream().report({ type: 'stream.broken' });
    expect(feed().getSnapshot().hasTag('polling')).toBe(true);
    expect(feed().getSnapshot().context.failures).toBe(1);
    expect(stream().open).toBe(false);
    expect(told()).toBe(1);
  });

  it('a stream refused while connecting falls back too', () => {
    const { stream, feed } = start();
    stream().report({ type: 'stream.broken' });
    expect(feed().getSnapshot().matches({ connection: 'pausing', poll: 'polling' })).toBe(true);
  });
});

describe('poll.polling and connection.pausing', () => {
  it('tells the parent every FALLBACK_POLL_MS while the stream is down', async () => {
    const { stream, told } = start();
    stream().report({ type: 'stream.broken' });
    // Reopening fails again and again: the pauses grow (1, 2, 4, 8, 16 s …) while the polling goes on.
    const failAgain = () => {
      if (stream().open) stream().report({ type: 'stream.broken' });
    };
    for (let second = 0; second < 30; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      failAgain();
    }
    expect(told()).toBe(Math.floor(30_000 / FALLBACK_POLL_MS));
  });

  it('tries the stream again after a growing pause and returns to it, telling the parent once', async () => {
    const { streams, stream, feed, told } = start();
    stream().report({ type: 'stream.broken' });
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1) - 1);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    stream().report({ type: 'stream.broken' });
    expect(feed().getSnapshot().context.failures).toBe(2);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(2) - 1);
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(3);
    stream().report({ type: 'stream.opened' });
    expect(feed().getSnapshot().matches({ connection: { streaming: 'open' } })).toBe(true);
    expect(feed().getSnapshot().context.failures).toBe(0);
    expect(told()).toBe(1);
    // Back on the stream: no more polling.
    await vi.advanceTimersByTimeAsync(5 * FALLBACK_POLL_MS);
    expect(told()).toBe(1);
  });
});
