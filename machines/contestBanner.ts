// The contest banner under the header: shown while a contest is active, until the visitor closes it.
// The dismissal is remembered per contest through an injected storage (readDismissal / rememberDismissal).
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';

export interface ContestBannerContext {
  /** Identifies the contest whose banner is concerned (a new contest shows the banner again). */
  contestId: string | null;
}

export type ContestBannerEvent =
  { type: 'contest.loaded'; active: boolean; contestId: string | null } | { type: 'banner.dismiss' };

export const contestBannerMachine = setup({
  types: { context: {} as ContestBannerContext, events: {} as ContestBannerEvent },
  actors: {
    /** Provided by the app: sends `contest.loaded` from the public settings, at once and whenever they change. */
    watchContest: fromCallback<ContestBannerEvent>(() => undefined),
    /** Resolves true when this contest's banner was closed before. */
    readDismissal: fromPromise<boolean, { contestId: string }>(async () => {
      throw new Error('contestBanner: the app must provide "readDismissal"');
    }),
  },
  actions: {
    rememberDismissal: (_, _params: { contestId: string }) => {},
    storeContest: assign(({ event }) => {
      assertEvent(event, 'contest.loaded');
      return { contestId: event.contestId };
    }),
    forgetContest: assign({ contestId: null }),
  },
  guards: {
    isActiveContest: ({ event }) => {
      assertEvent(event, 'contest.loaded');
      return event.active && event.contestId !== null;
    },
    isInactiveContest: ({ event }) => {
      assertEvent(event, 'contest.loaded');
      return !event.active;
    },
    wasDismissed: (_, params: { dismissed: boolean }) => params.dismissed,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'contestBanner',
  context: { contestId: null },
  invoke: { src: 'watchContest' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'contest.loaded': {
          guard: 'isActiveContest',
          target: 'checking',
          actions: 'storeContest',
        },
      },
    },
    checking: {
      invoke: {
        src: 'readDismissal',
        // Stryker disable next-line StringLiteral: only an active contest with an id leads here; the default satisfies the type.
        input: ({ context }) => ({ contestId: context.contestId ?? '' }),
        onDone: [
          {
            guard: { type: 'wasDismissed', params: ({ event }) => ({ dismissed: event.output }) },
            target: 'dismissed',
          },
          { target: 'shown' },
        ],
        // Storage unavailable (private mode): show the banner; closing it still hides it for this page view.
        onError: { target: 'shown' },
      },
    },
    shown: {
      tags: ['visible'],
      on: {
        'banner.dismiss': {
          target: 'dismissed',
          // Stryker disable next-line StringLiteral: the banner shows for a contest with an id only; the default satisfies the type.
          actions: { type: 'rememberDismissal', params: ({ context }) => ({ contestId: context.contestId ?? '' }) },
        },
        'contest.loaded': { guard: 'isInactiveContest', target: 'idle', actions: 'forgetContest' },
      },
    },
    dismissed: {},
  },
});
