// One resource a page shows (the referral balance, the promo codes, a news item): load it, show it, reload it
// after something changed it, retry after a failure. A page the server rendered starts from the data it was
// rendered with (`input.preloaded`) instead of loading it again. `input.params` says which resource when a wiring
// serves several (a news item's slug): fetchResource gets it as its input.
import { assign, fromPromise, setup } from 'xstate';
import { failureCodeOf } from '../src/api/errors.ts';

/** Which resource a wiring that serves several loads: a slug or an id. */
export type ResourceParams = string | null;

export interface ResourceLoadContext<Data = unknown> {
  /** Which resource (the fetch's input); null when the wiring needs none. */
  params: ResourceParams;
  data: Data | null;
  /** Code of the last failure: the error body's code, or 'unknown'. */
  error: string | null;
}

export type ResourceLoadEvent = { type: 'reload' } | { type: 'retry' };

export interface ResourceLoadInput {
  /** The data as the server rendered it; absent (or null) when the page loads it itself. */
  preloaded?: unknown;
  /** Which resource to load, handed to fetchResource. */
  params?: ResourceParams;
}

export const resourceLoadMachine = setup({
  types: { context: {} as ResourceLoadContext, events: {} as ResourceLoadEvent, input: {} as ResourceLoadInput | undefined },
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(async () => {
      throw new Error('resourceLoad: the view must provide the "fetchResource" actor');
    }),
  },
  actions: {
    storeData: assign((_, { data }: { data: unknown }) => ({ data, error: null })),
    /** The error body's code, or 'unknown'; the data shown before stays. */
    showFailure: assign((_, { error }: { error: unknown }) => ({ error: failureCodeOf(error) })),
  },
  guards: {
    dataPreloaded: ({ context }) => context.data !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'resourceLoad',
  context: ({ input }) => ({ params: input?.params ?? null, data: input?.preloaded ?? null, error: null }),
  initial: 'starting',
  states: {
    /** Shows what the server rendered, if anything; loads otherwise. Left at once, so it carries no tag. */
    starting: {
      always: [{ guard: 'dataPreloaded', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchResource',
        input: ({ context }) => context.params,
        onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The data stays on screen while a reload runs.
    ready: {
      on: { reload: { target: 'loading' } },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
  },
});
