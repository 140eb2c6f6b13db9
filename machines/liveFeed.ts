// "Something changed: read it again", told to the parent that spawned the feed (the claim page, the console's
// queue). While the server's event stream (Server-Sent Events) is open, each of its notices tells the parent;
// when the stream breaks (network, proxy, server restart, a refusal), the feed falls back to telling the parent
// on a timer (polling) and tries the stream again after a growing pause, returning to it once it opens. Each
// (re)opening also tells the parent once: notices sent while the stream was down were missed.
import { type AnyActorLogic, assign, fromCallback, raise, sendParent, setup } from 'xstate';

/** What the app's stream actor reports (EventSource open, a notice, an error or close). */
export type LiveStreamEvent = { type: 'stream.opened' } | { type: 'stream.changed' } | { type: 'stream.broken' };

/** What the parent is told: read what you show again. */
export interface LiveChangedEvent {
  type: 'live.changed';
}

export interface LiveFeedInput {
  /** What to follow, handed to the stream actor (a claim's uuid; the console's queue). */
  topic: string;
}

export interface LiveFeedContext {
  topic: string;
  /** Stream attempts that broke in a row, for the growing pause before the next one. */
  failures: number;
}

/** How often the parent reads while the stream is down: the pace the claim page polled at before the stream. */
export const FALLBACK_POLL_MS = 5000;
/** Opening a stream takes no longer than this; a connection stuck opening (a buffering proxy) counts as broken. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The pause before the n-th attempt to reopen the stream: 1 s, 2 s, 4 s … capped at a minute. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 60_000);
}

export const liveFeedMachine = setup({
  types: {
    context: {} as LiveFeedContext,
    events: {} as LiveStreamEvent,
    input: {} as LiveFeedInput,
  },
  actors: {
    /** The server's event stream for the topic: reports stream.opened, stream.changed and stream.broken. */
    eventStream: fromCallback<LiveStreamEvent, { topic: string }>(() => {
      throw new Error('liveFeed: the app must provide "eventStream"');
    }),
  },
  actions: {
    tellParent: sendParent({ type: 'live.changed' } satisfies LiveChangedEvent),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
    /** A stream that does not open in time is treated as broken. */
    giveUp: raise({ type: 'stream.broken' } satisfies LiveStreamEvent),
  },
  delays: {
    connectTimeout: CONNECT_TIMEOUT_MS,
    fallbackPoll: FALLBACK_POLL_MS,
    reconnectBackoff: ({ context }) => reconnectDelayMs(context.failures),
  },
}).createMachine({
  id: 'liveFeed',
  context: ({ input }) => ({ topic: input.topic, failures: 0 }),
  type: 'parallel',
  states: {
    /** The stream: open, or reopened after a growing pause once it broke. */
    connection: {
      initial: 'streaming',
      states: {
        streaming: {
          invoke: { src: 'eventStream', input: ({ context }) => ({ topic: context.topic }) },
          on: { 'stream.broken': { target: 'pausing', actions: 'countFailure' } },
          initial: 'connecting',
          states: {
            connecting: {
              on: { 'stream.opened': { target: 'open', actions: ['resetFailures', 'tellParent'] } },
              after: { connectTimeout: { actions: 'giveUp' } },
            },
            /** Pushed: each notice tells the parent; waiting costs nothing. */
            open: {
              tags: ['live'],
              on: { 'stream.changed': { actions: 'tellParent' } },
            },
          },
        },
        pausing: { after: { reconnectBackoff: 'streaming' } },
      },
    },
    /** While the stream is down (from its first break until it opens again) the parent is told on a timer. */
    poll: {
      initial: 'idle',
      states: {
        idle: { on: { 'stream.broken': 'polling' } },
        polling: {
          tags: ['polling'],
          after: { fallbackPoll: { target: 'polling', reenter: true, actions: 'tellParent' } },
          on: { 'stream.opened': 'idle' },
        },
      },
    },
  },
});

export type LiveFeedMachine = typeof liveFeedMachine;

/**
 * The live feed as a parent names it: this machine, or any actor that sends `live.changed` to its parent (a
 * test hands in a plain callback instead of a stream).
 */
export const liveFeedSlot: AnyActorLogic = liveFeedMachine;
