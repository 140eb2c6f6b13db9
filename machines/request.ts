// One call whose outcome the page shows: account activation from a mailed link, resending the activation mail.
import { assign, fromPromise, setup } from 'xstate';

export interface RequestInput {
  /** Send at once (a page that exists to perform the call) or wait for `start` (a button). */
  autoStart: boolean;
}

export interface RequestContext {
  autoStart: boolean;
  /** The server's message of the outcome (success text or error detail), when it gave one. */
  message: string | null;
  /** Code of the failure: the error body's code, or 'unknown'. */
  error: string | null;
}

export type RequestEvent = { type: 'start' } | { type: 'retry' };

function messageOf(value: unknown): string | null {
  const detail = (value as { detail?: unknown } | null | undefined)?.detail;
  return typeof detail === 'string' ? detail : null;
}

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
  },
  actors: {
    /** The call; resolves with the body (often `{detail}`), rejects with the error body. */
    send: fromPromise<unknown>(async () => {
      throw new Error('request: the view must provide the "send" actor');
    }),
  },
  actions: {
    /** Failures are logged for support (SPEC §8: a failed activation is only logged). */
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    autoStart: ({ context }) => context.autoStart,
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ autoStart: input.autoStart, message: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'autoStart', target: 'pending' }, { target: 'idle' }],
    },
    idle: {
      on: { start: { target: 'pending' } },
    },
    pending: {
      tags: ['busy'],
      entry: assign({ message: null, error: null }),
      invoke: {
        src: 'send',
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => messageOf(event.output) }) },
        onError: {
          target: 'failed',
          actions: [
            assign({
              message: ({ event }) => messageOf(event.error),
              error: ({ event }) => {
                const code = (event.error as { code?: unknown } | null)?.code;
                return typeof code === 'string' ? code : 'unknown';
              },
            }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    succeeded: { type: 'final' },
    failed: {
      on: { retry: { target: 'pending' } },
    },
  },
});

export type RequestMachine = typeof requestMachine;
