// Paying a claim (docs/product.md §4 "Exchange request"): load it, count down to the server's deadline, let the client say
// "I have paid" or cancel (each asked first), follow the status until it is final. An expired or canceled claim is
// still followed: money that arrives late is taken on by the operator (paid late). Network failures are retried.
// Following is pushed: a live feed (machines/liveFeed.ts, the server's event stream, polling while it is down)
// runs beside the flow once the claim is loaded and says when to read the status again.
import { assign, fromPromise, raise, setup, spawnChild } from 'xstate';
import type { CallError } from '../src/api/errors.ts';
import type { ClaimDeposit, ClaimForm, ClaimRequisite, ClaimStatusResponse } from '../src/api/schemas/claim.ts';
import { awaitsPayment, canMove, type ClaimStatus } from '../src/domain/claimStatus.ts';
import { billUploadMachine } from './billUpload.ts';
import { liveFeedSlot, type LiveChangedEvent } from './liveFeed.ts';

/** How the app reports a failed call: retryable for a network failure, a 5xx or a 429. */
export interface ClaimCallFailure {
  retryable: boolean;
  notFound?: boolean;
  message?: string;
}

export interface ClaimPaymentInput {
  uuid: string;
  /** The claim as the server rendered it: the machine starts from it instead of loading it again. */
  preloaded?: LoadedClaim | null;
}

export interface LoadedClaim {
  form: ClaimForm;
  /** Where to pay; null once the claim no longer awaits payment. */
  requisite: ClaimRequisite | null;
  status: ClaimStatusResponse;
}

export interface ClaimPaymentContext {
  uuid: string;
  form: ClaimForm | null;
  requisite: ClaimRequisite | null;
  status: ClaimStatus | null;
  /**
   * Seconds to the payment deadline: set from each status answer (its deadline minus its serverTime, both the
   * server's clock) and counted down by the `tick` delay in between, so no local clock is read.
   */
  secondsLeft: number;
  reason: string | null;
  billUploaded: boolean;
  /** The statuses the claim went through, with their times, for the timeline. */
  history: ClaimStatusResponse['history'];
  /** The old and new price once a late payment was accepted at the current course. */
  repricing: ClaimStatusResponse['repricing'];
  /** Set while the claim waits for its sender card's verification: the verification to complete, if any yet. */
  cardVerification: { verification: string | null } | null;
  /** What the chain watcher saw paying the claim's address (its confirmations), oldest first. */
  deposits: ClaimDeposit[];
  /** Consecutive failed calls, for the growing back-off. */
  failures: number;
  /** Why the client's last request (confirm, cancel) was refused: the server's message, or none (unknown). */
  actionError: CallError | null;
  /**
   * The caller created the claim and may change it, as the last status answer said (a page rendered by the server
   * starts with its answer, which holds no capability, and learns the truth on its first read).
   */
  mayChange: boolean;
}

export type ClaimPaymentEvent =
  /** "I have paid": asks the client to confirm first (nothing is received yet, the details stay visible). */
  | { type: 'payment.ask' }
  | { type: 'payment.confirm' }
  | { type: 'payment.dismiss' }
  /** "Cancel the claim": asks first too (cancelling after paying loses track of the money). */
  | { type: 'cancel.ask' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  /** Raised by the machine itself when a status answer set the seconds left: the next tick is a second later. */
  | { type: 'countdown.synced' }
  /** The live feed: the claim changed (or may have): read its status. */
  | LiveChangedEvent;

const IN_PROGRESS: readonly ClaimStatus[] = [
  'paid',
  'processing',
  'needs_verification',
  'on_hold',
  'paid_late',
  'payment_error',
  'payout_error',
];

/** Whole seconds (rounded up) from the answer's server time to its deadline; 0 once it has passed. */
export function secondsToDeadline(answer: Pick<ClaimStatusResponse, 'deadline' | 'serverTime'>): number {
  return Math.max(0, Math.ceil((Date.parse(answer.deadline) - Date.parse(answer.serverTime)) / 1000));
}

/** What a status answer changes: status, time left, reason, receipt flag, deposits seen; failures start over. */
function statusFields(answer: ClaimStatusResponse) {
  return {
    status: answer.status,
    secondsLeft: secondsToDeadline(answer),
    reason: answer.reason,
    billUploaded: answer.billUploaded,
    history: answer.history,
    repricing: answer.repricing,
    cardVerification: answer.cardVerification ?? null,
    deposits: answer.deposits ?? [],
    mayChange: answer.mayChange,
    failures: 0,
  };
}

function failureOf(error: unknown): ClaimCallFailure {
  // A thrown Error (not a ClaimCallFailure) is treated as a network failure: retried, never shown.
  const failure = (error instanceof Error || !error ? {} : error) as Partial<ClaimCallFailure>;
  return { retryable: failure.retryable ?? true, notFound: failure.notFound ?? false, message: failure.message };
}

/** Back-off after the n-th consecutive failure: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
}

const claimPaymentSetup = setup({
  types: {
    context: {} as ClaimPaymentContext,
    events: {} as ClaimPaymentEvent,
    input: {} as ClaimPaymentInput,
    children: {} as { bill: 'billUpload'; live: 'liveFeed' },
  },
  actors: {
    /** GET /api/v1/claim/{uuid}/form/, /requisite/ and /status/. */
    loadClaim: fromPromise<LoadedClaim, { uuid: string }>(async () => {
      throw new Error('claimPayment: the app must provide "loadClaim"');
    }),
    /** GET /api/v1/claim/{uuid}/status/. */
    loadStatus: fromPromise<ClaimStatusResponse, { uuid: string }>(async () => {
      throw new Error('claimPayment: the app must provide "loadStatus"');
    }),
    /** POST /api/v1/claim/{uuid}/confirm/: the client says the payment is sent. */
    confirmPayment: fromPromise<ClaimStatusResponse, { uuid: string }>(async () => {
      throw new Error('claimPayment: the app must provide "confirmPayment"');
    }),
    /** The client cancels the claim while it still awaits payment. */
    cancelClaim: fromPromise<ClaimStatusResponse, { uuid: string }>(async () => {
      throw new Error('claimPayment: the app must provide "cancelClaim"');
    }),
    billUpload: billUploadMachine,
    liveFeed: liveFeedSlot,
  },
  actions: {
    applyStatus: assign((_, answer: ClaimStatusResponse) => statusFields(answer)),
    storeClaim: assign((_, claim: LoadedClaim) => ({ form: claim.form, requisite: claim.requisite })),
    /** The receipt upload runs beside the payment flow for as long as the claim page is open. */
    startBillUpload: spawnChild('billUpload', {
      id: 'bill',
      input: ({ context }) => ({ uuid: context.uuid, uploaded: context.billUploaded }),
    }),
    /** The claim's live feed, for as long as the claim page is open (it ends with the flow's final states). */
    startLiveFeed: spawnChild('liveFeed', { id: 'live', input: ({ context }) => ({ topic: context.uuid }) }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    /** Re-phases the ticking to the answer just applied, so the count stays within the second of the server's. */
    restartCountdown: raise({ type: 'countdown.synced' }),
    countSecond: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    clearActionError: assign({ actionError: null }),
    showActionError: assign((_, { error }: { error: unknown }) => ({ actionError: actionErrorOf(error) })),
    /** Failed polls are retried; the app may log them. */
    logError: (_, _params: { what: string; error: unknown }) => {},
  },
  // The status guards run in routing and awaitingPayment, which are reached only once a status answer was
  // applied: their null checks only satisfy the type.
  guards: {
    claimPreloaded: ({ context }) => context.form !== null,
    statusIn: ({ context }, params: { statuses: readonly ClaimStatus[] }) =>
      // Stryker disable next-line ConditionalExpression: the status is never null here (see above).
      context.status !== null && params.statuses.includes(context.status),
    // Stryker disable next-line ConditionalExpression: the status is never null here (see above).
    awaitsPayment: ({ context }) => context.status !== null && awaitsPayment(context.status),
    answerAwaitsPayment: (_, answer: ClaimStatusResponse) => awaitsPayment(answer.status),
    /** The status table lets the client make the move, and this caller is the claim's creator (the server's rule). */
    clientMay: ({ context }, params: { to: ClaimStatus }) =>
      // Stryker disable next-line ConditionalExpression: the status is never null here (see above).
      context.mayChange && context.status !== null && canMove(context.status, params.to, 'client'),
    timeIsUp: ({ context }) => context.secondsLeft <= 0,
    notFound: (_, failure: ClaimCallFailure) => failure.notFound === true,
    retryable: (_, failure: ClaimCallFailure) => failure.retryable,
  },
  delays: {
    tick: 1000,
    retryBackoff: ({ context }) => backoffMs(context.failures),
  },
});

type StatusAnswered = { event: { output: ClaimStatusResponse } };

/** A status answer is applied and re-routes to the state of its status (which may be the same, entered afresh). */
const reRoute = {
  target: '#claimPayment.routing',
  actions: { type: 'applyStatus', params: ({ event }: StatusAnswered) => event.output },
} as const;

/**
 * Follows the claim's status: asks whenever the live feed says it changed and re-routes to the state of the
 * answer's status (a notice while a read is on its way starts it again: that read may predate the change); a
 * failed call backs off and asks again. With `stayWhile`, an answer that passes it keeps the state as it is
 * (awaiting payment: an open question or a request on its way must survive a poll). Used while the claim awaits
 * payment, while it is in progress and once it expired (the visualizer shows each expanded).
 */
function followStatus(stayWhile?: 'answerAwaitsPayment') {
  const stay = stayWhile
    ? [
        {
          guard: { type: stayWhile, params: ({ event }: StatusAnswered) => event.output },
          target: 'waiting',
          actions: [{ type: 'applyStatus', params: ({ event }: StatusAnswered) => event.output }, 'restartCountdown'],
        } as const,
      ]
    : [];
  return claimPaymentSetup.createStateConfig({
    initial: 'waiting',
    states: {
      waiting: { on: { 'live.changed': 'checking' } },
      checking: {
        on: { 'live.changed': { target: 'checking', reenter: true } },
        invoke: {
          src: 'loadStatus',
          input: ({ context }) => ({ uuid: context.uuid }),
          onDone: [...stay, reRoute],
          onError: {
            target: 'backoff',
            actions: ['countFailure', { type: 'logError', params: ({ event }) => ({ what: 'status', error: event.error }) }],
          },
        },
      },
      backoff: { after: { retryBackoff: 'checking' } },
    },
  });
}

/**
 * The client's request on the claim (confirm the payment, cancel): the answer re-routes to the state of the new
 * status; a retryable failure waits in `retryState` and asks again; any other failure returns to `idle` with
 * the server's message.
 */
function askServer(src: 'confirmPayment' | 'cancelClaim', retryState: 'confirmRetry' | 'cancelRetry', tag: 'confirming' | 'canceling') {
  return claimPaymentSetup.createStateConfig({
    tags: ['busy', tag],
    invoke: {
      src,
      input: ({ context }) => ({ uuid: context.uuid }),
      onDone: reRoute,
      onError: [
        {
          guard: { type: 'retryable', params: ({ event }) => failureOf(event.error) },
          target: `#claimPayment.awaitingPayment.request.open.${retryState}`,
          actions: 'countFailure',
        },
        { target: '#claimPayment.awaitingPayment.request.open.idle', actions: { type: 'showActionError', params: ({ event }) => ({ error: event.error }) } },
      ],
    },
  });
}

export const claimPaymentMachine = claimPaymentSetup.createMachine({
  id: 'claimPayment',
  context: ({ input }) => ({
    uuid: input.uuid,
    form: input.preloaded?.form ?? null,
    requisite: input.preloaded?.requisite ?? null,
    status: null,
    secondsLeft: 0,
    reason: null,
    billUploaded: false,
    history: [],
    repricing: null,
    cardVerification: null,
    deposits: [],
    failures: 0,
    actionError: null,
    mayChange: false,
    ...(input.preloaded ? statusFields(input.preloaded.status) : {}),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      always: { guard: 'claimPreloaded', target: 'routing', actions: ['startBillUpload', 'startLiveFeed'] },
      invoke: {
        src: 'loadClaim',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'routing',
          actions: [
            { type: 'storeClaim', params: ({ event }) => event.output },
            { type: 'applyStatus', params: ({ event }) => event.output.status },
            'startBillUpload',
            'startLiveFeed',
          ],
        },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => failureOf(event.error) }, target: 'notFound' },
          { target: 'loadRetry', actions: 'countFailure' },
        ],
      },
    },
    loadRetry: {
      tags: ['loading', 'retrying'],
      after: { retryBackoff: 'loading' },
    },
    notFound: { type: 'final', tags: ['notFound'] },
    /** Picks the state of the claim's current status. */
    routing: {
      always: [
        { guard: 'awaitsPayment', target: 'awaitingPayment' },
        { guard: { type: 'statusIn', params: { statuses: IN_PROGRESS } }, target: 'inProgress' },
        { guard: { type: 'statusIn', params: { statuses: ['completed'] } }, target: 'completed' },
        { guard: { type: 'statusIn', params: { statuses: ['rejected'] } }, target: 'rejected' },
        { guard: { type: 'statusIn', params: { statuses: ['canceled'] } }, target: 'canceled' },
        { guard: { type: 'statusIn', params: { statuses: ['returned'] } }, target: 'returned' },
        { target: 'expired' },
      ],
    },
    awaitingPayment: {
      type: 'parallel',
      tags: ['payable'],
      states: {
        /** The seconds left, shown by the view; expiry itself is decided in `request.open`. */
        countdown: {
          initial: 'running',
          states: {
            running: {
              after: { tick: { target: 'running', reenter: true, actions: 'countSecond' } },
              on: { 'countdown.synced': { target: 'running', reenter: true } },
            },
          },
        },
        poll: followStatus('answerAwaitsPayment'),
        request: {
          initial: 'open',
          states: {
            /** No confirmation on its way: the deadline applies. */
            open: {
              initial: 'idle',
              always: { guard: 'timeIsUp', target: '#claimPayment.expired' },
              states: {
                idle: {
                  on: {
                    'payment.ask': {
                      guard: { type: 'clientMay', params: { to: 'paid' } },
                      target: 'confirmAsked',
                      actions: 'clearActionError',
                    },
                    'cancel.ask': {
                      guard: { type: 'clientMay', params: { to: 'canceled' } },
                      target: 'cancelAsked',
                      actions: 'clearActionError',
                    },
                  },
                },
                /** "Cancel the claim?": keeping it is the safe answer; the deadline still applies. */
                cancelAsked: {
                  tags: ['askingCancel'],
                  on: {
                    'cancel.confirm': { target: 'canceling' },
                    'cancel.dismiss': { target: 'idle' },
                  },
                },
                /** "Have you really sent it?": the deadline still applies while the client decides. */
                confirmAsked: {
                  tags: ['asking'],
                  on: {
                    'payment.confirm': { target: '#claimPayment.awaitingPayment.request.confirming' },
                    'payment.dismiss': { target: 'idle' },
                  },
                },
                confirmRetry: {
                  tags: ['busy', 'confirming', 'retrying'],
                  after: { retryBackoff: '#claimPayment.awaitingPayment.request.confirming' },
                },
                canceling: askServer('cancelClaim', 'cancelRetry', 'canceling'),
                cancelRetry: {
                  tags: ['busy', 'canceling', 'retrying'],
                  after: { retryBackoff: 'canceling' },
                },
              },
            },
            /** A payment being confirmed at the last second is not cut off by the clock. */
            confirming: askServer('confirmPayment', 'confirmRetry', 'confirming'),
          },
        },
      },
    },
    /**
     * Payment reported, processing, under verification, on hold, paid late or with a payment or payout problem:
     * the status is followed until it is final.
     */
    inProgress: { tags: ['following'], ...followStatus() },
    completed: { type: 'final' },
    rejected: { type: 'final' },
    /**
     * Canceled by the client or the operator, and followed still like an expired claim: a transfer already on its
     * way is taken on by the operator (paid late), and the page moves on with it.
     */
    canceled: { tags: ['canceled'], ...followStatus() },
    /** The client's payment was sent back; the view shows the refund details (the reason). */
    returned: { type: 'final' },
    /**
     * The view says: 'The waiting time for payment has expired…'. Followed still: a payment that arrives late
     * is taken on by the operator (paid late), and the page moves on with it.
     */
    expired: { tags: ['expired'], ...followStatus() },
  },
});

function actionErrorOf(error: unknown): CallError {
  const failure = failureOf(error);
  return failure.message ? { code: 'server', message: failure.message } : { code: 'unknown' };
}

export type ClaimPaymentMachine = typeof claimPaymentMachine;
