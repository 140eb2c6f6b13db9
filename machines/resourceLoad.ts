// One resource an account page shows (the referral balance, the promo codes): load it, show it, reload it
// after something changed it, retry after a failure.
import { assign, fromPromise, setup } from 'xstate';
import { failureCodeOf } from '../src/api/errors.ts';

export interface ResourceLoadContext<Data = unknown> {
  data: Data | null;
  /** Code of the last failure: the error body's code, or 'unknown'. */
  error: string | null;
}

export type ResourceLoadEvent = { type: 'reload' } | { type: 'retry' };

export const resourceLoadMachine = setup({
  types: { context: {} as ResourceLoadContext, events: {} as ResourceLoadEvent },
  actors: {
    fetchResource: fromPromise<unknown>(async () => {
      throw new Error('resourceLoad: the view must provide the "fetchResource" actor');
    }),
  },
  actions: {
    storeData: assign((_, { data }: { data: unknown }) => ({ data, error: null })),
    /** The error body's code, or 'unknown'; the data shown before stays. */
    showFailure: assign((_, { error }: { error: unknown }) => ({ error: failureCodeOf(error) })),
  },
}).createMachine({
  id: 'resourceLoad',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchResource',
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
