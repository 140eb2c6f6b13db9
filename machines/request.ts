// One call whose outcome the page shows: account activation from a mailed link, resending the activation mail.
import { assign, fromPromise, setup } from 'xstate';
import { failureCodeOf, generalMessage } from '../src/api/errors.ts';

export interface RequestInput {
  /** Send at once (a page that exists to perform the call) or wait for `start` (a button). */
  autoStart: boolean;
  /** What the call sends, when it sends anything (the address of "resend the activation mail" after sign-up). */
  payload?: unknown;
}

export interface RequestContext {
  autoStart: boolean;
  payload: unknown;
  /** The server's message of the outcome (success text or error detail), when it gave one. */
  message: string | null;
  /** Code of the failure: the error body's code, or 'unknown'. */
  error: string | null;
}

export type RequestEvent = { type: 'start' } | { type: 'retry' };

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
  },
  actors: {
    /** The call; resolves with the body (often `{detail}`), rejects with the error body. */
    send: fromPromise<unknown, unknown>(async () => {
      throw new Error('request: the view must provide the "send" actor');
    }),
  },
  actions: {
    /** Failures are logged for support (docs/product.md §8: a failed activation is only logged). */
    logFailure: (_, _params: { error: unknown }) => {},
    forgetOutcome: assign({ message: null, error: null }),
    showSuccess: assign((_, { body }: { body: unknown }) => ({ message: generalMessage(body) })),
    showFailure: assign((_, { error }: { error: unknown }) => ({ message: generalMessage(error), error: failureCodeOf(error) })),
  },
  guards: {
    autoStart: ({ context }) => context.autoStart,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'request',
  context: ({ input }) => ({ autoStart: input.autoStart, payload: input.payload, message: null, error: null }),
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
      entry: 'forgetOutcome',
      invoke: {
        src: 'send',
        input: ({ context }: { context: RequestContext }) => context.payload,
        onDone: { target: 'succeeded', actions: { type: 'showSuccess', params: ({ event }) => ({ body: event.output }) } },
        onError: {
          target: 'failed',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
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
