// Hourly check for a newer build of the app. The running build is known by its entry script; the latest is read
// from the build manifest (falling back to the served index.html). When they differ the visitor is told, and the
// next navigation reloads the page so it runs the new build. The machine follows the page the visitor is on, so
// only a move to another page counts as a navigation (not the view announcing the page it mounted on).
import { assign, fromCallback, fromPromise, setup } from 'xstate';

export interface UpdateCheckContext {
  /** Entry script of the running build, e.g. 'assets/index-3f2a.js'; null in development (nothing to compare). */
  running: string | null;
  latest: string | null;
  /** The page the visitor is on (its path). */
  path: string;
}

export type UpdateCheckEvent = { type: 'route.changed'; path: string } | { type: 'update.reloadNow' } | { type: 'update.dismiss' };

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export const updateCheckMachine = setup({
  types: {
    context: {} as UpdateCheckContext,
    events: {} as UpdateCheckEvent,
    input: {} as { running: string | null; path: string },
  },
  actors: {
    /** Resolves the entry script name of the build the server serves now. */
    fetchLatestBuild: fromPromise<string, void>(async () => {
      throw new Error('fetchLatestBuild must be provided');
    }),
    /** Provided by the app: sends `route.changed` with the path of every page the visitor moves to. */
    watchRoute: fromCallback<UpdateCheckEvent>(() => undefined),
  },
  actions: {
    reload: () => {},
    storeLatestBuild: assign((_, { latest }: { latest: string }) => ({ latest })),
    rememberPage: assign((_, { path }: { path: string }) => ({ path })),
  },
  delays: {
    updateCheck: UPDATE_CHECK_INTERVAL_MS,
  },
  guards: {
    knowsRunningBuild: ({ context }) => context.running !== null,
    isNewBuild: ({ context }, params: { latest: string }) => params.latest !== '' && params.latest !== context.running,
    isAnotherPage: ({ context }, params: { path: string }) => params.path !== context.path,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'updateCheck',
  context: ({ input }) => ({ running: input.running, latest: null, path: input.path }),
  invoke: { src: 'watchRoute' },
  initial: 'starting',
  // In every state the machine keeps up with the page, so coming back to the first page is a navigation too.
  on: {
    'route.changed': { actions: { type: 'rememberPage', params: ({ event }) => ({ path: event.path }) } },
  },
  states: {
    starting: {
      always: [{ guard: 'knowsRunningBuild', target: 'waiting' }, { target: 'disabled' }],
    },
    disabled: { type: 'final' },
    waiting: {
      after: { updateCheck: 'checking' },
    },
    checking: {
      invoke: {
        src: 'fetchLatestBuild',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => ({ latest: event.output }) },
            target: 'updateAvailable',
            actions: { type: 'storeLatestBuild', params: ({ event }) => ({ latest: event.output }) },
          },
          { target: 'waiting' },
        ],
        // Offline or a deploy in progress: try again next hour.
        onError: { target: 'waiting' },
      },
    },
    updateAvailable: {
      tags: ['noticeVisible'],
      on: {
        'route.changed': { guard: { type: 'isAnotherPage', params: ({ event }) => ({ path: event.path }) }, target: 'reloading' },
        'update.reloadNow': { target: 'reloading' },
        'update.dismiss': { target: 'pendingReload' },
      },
    },
    /** The notice is closed; the next navigation still reloads. */
    pendingReload: {
      on: {
        'route.changed': { guard: { type: 'isAnotherPage', params: ({ event }) => ({ path: event.path }) }, target: 'reloading' },
      },
    },
    reloading: { type: 'final', entry: 'reload' },
  },
});
