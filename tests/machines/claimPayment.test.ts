import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import { liveFeedMachine, type LiveStreamEvent } from '../../machines/liveFeed.ts';
import { deferred } from './deferred.ts';
import { backoffMs, claimPaymentMachine, type ClaimCallFailure, type LoadedClaim } from '../../machines/claimPayment.ts';
import type { ClaimForm, ClaimRequisite, ClaimStatusResponse } from '../../src/api/schemas/claim.ts';
import type { Currency } from '../../src/api/schemas/calculator.ts';
import type { ClaimStatus } from '../../src/domain/claimStatus.ts';
import { startMachine } from './harness.ts';

/**
 * A live feed that says "changed" every 5 s, as the real one does while its stream is down (FALLBACK_POLL_MS):
 * the tests of following a status run on it. The feed itself is tested in liveFeed.test.ts.
 */
const feedEvery5s = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'live.changed' }), 5000);
  return () => clearInterval(timer);
});

// Local clock: 12:00:00. The server's clock runs 10 s ahead; the deadline is 15 minutes after its "now".
const LOCAL_NOW = Date.parse('2026-03-01T12:00:00.000Z');
const SERVER_AHEAD_MS = 10_000;
const WINDOW_S = 15 * 60;

function serverNow(): string {
  return new Date(Date.now() + SERVER_AHEAD_MS).toISOString();
}

function deadline(seconds = WINDOW_S): string {
  return new Date(LOCAL_NOW + SERVER_AHEAD_MS + seconds * 1000).toISOString();
}

function answer(status: ClaimStatus, overrides: Partial<ClaimStatusResponse> = {}): ClaimStatusResponse {
  const history = [{ status, at: serverNow() }];
  return {
    status,
    deadline: deadline(),
    serverTime: serverNow(),
    reason: null,
    billUploaded: false,
    history,
    repricing: null,
    mayChange: true,
    ...overrides,
  };
}

const BTC: Currency = { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' };
const SBER: Currency = { id: 2, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sber' };

function loaded(status: ClaimStatus, overrides: Partial<ClaimStatusResponse> = {}): LoadedClaim {
  const form: ClaimForm = {
    uuid: 'claim-1',
    status,
    email: 'client@example.com',
    from: { currency: BTC, summa: '0.01', requisites: {} },
    to: { currency: SBER, summa: '90000.00', requisites: { card: '4111111111111111' } },
    course: '9000000',
    withVerificationCourse: false,
    promocode: null,
    createdAt: new Date(LOCAL_NOW).toISOString(),
    deadline: deadline(),
    serverTime: serverNow(),
    owner: false,
  };
  const requisite: ClaimRequisite = {
    currency: BTC,
    summa: '0.01',
    payTo: [{ name: 'address', label: 'Address', value: 'bc1qexampleexampleexample' }],
    qr: 'bitcoin:bc1qexampleexampleexample?amount=0.01',
    comment: null,
    paymentComment: null,
  };
  return { form, requisite, status: answer(status, overrides) };
}

type Script<T> = Array<() => T | Promise<T>>;

interface Scripts {
  load?: Script<LoadedClaim>;
  status?: Script<ClaimStatusResponse>;
  confirm?: Script<ClaimStatusResponse>;
  cancel?: Script<ClaimStatusResponse>;
  /** The live feed beside the flow (feedEvery5s unless given). */
  feed?: AnyActorLogic;
}

interface Calls {
  count: number;
  /** The claim each call was made for. */
  uuids?: string[];
}

/** Each call takes the next scripted answer; a call past the script never settles. */
function scripted<T>(script: Script<T> | undefined, calls: Calls) {
  return fromPromise<T, { uuid: string }>(async ({ input }) => {
    const next = script?.[calls.count];
    calls.count += 1;
    calls.uuids?.push(input?.uuid);
    if (!next) return new Promise<T>(() => {});
    return next();
  });
}

function failing(failure: ClaimCallFailure) {
  return () => Promise.reject(failure);
}

function start(scripts: Scripts) {
  const calls = {
    load: { count: 0, uuids: [] as string[] },
    status: { count: 0, uuids: [] as string[] },
    confirm: { count: 0, uuids: [] as string[] },
    cancel: { count: 0, uuids: [] as string[] },
  };
  const logged: string[] = [];
  const machine = claimPaymentMachine.provide({
    actors: {
      loadClaim: scripted(scripts.load, calls.load),
      loadStatus: scripted(scripts.status, calls.status),
      confirmPayment: scripted(scripts.confirm, calls.confirm),
      cancelClaim: scripted(scripts.cancel, calls.cancel),
      liveFeed: scripts.feed ?? feedEvery5s,
    },
    actions: { logError: (_, params) => logged.push(params.what) },
  });
  const actor = startMachine(machine, { input: { uuid: 'claim-1' } });
  return { actor, calls, logged };
}

/** "I have paid", then "yes, I have sent it" in the confirmation. */
function reportPayment(actor: ReturnType<typeof start>['actor']): void {
  actor.send({ type: 'payment.ask' });
  actor.send({ type: 'payment.confirm' });
}

/** Lets settled promises reach the machine without moving the clock. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(LOCAL_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('loads the claim, starts the receipt upload child and waits for the payment', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment', { billUploaded: true })] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    // Nothing is known before the answer: no status, no timeline, no receipt.
    expect(actor.getSnapshot().context).toMatchObject({ form: null, status: null, history: [], billUploaded: false, failures: 0 });
    await settle();
    expect(calls.load.uuids).toEqual(['claim-1']);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('awaitingPayment')).toBe(true);
    expect(snapshot.hasTag('payable')).toBe(true);
    expect(snapshot.context.form?.to.summa).toBe('90000.00');
    expect(snapshot.context.requisite?.qr).toContain('bitcoin:');
    // The countdown follows the server's clock (deadline − serverTime), not the local one, which is 10 s behind.
    expect(snapshot.context.secondsLeft).toBe(WINDOW_S);
    expect(snapshot.children.bill?.getSnapshot().value).toBe('done');
  });

  it('starts the receipt upload child and the live feed once, when the claim has loaded', async () => {
    let started = 0;
    let feeds = 0;
    const machine = claimPaymentMachine.provide({
      actors: { loadClaim: fromPromise(async () => loaded('awaiting_payment')) },
      actions: { startBillUpload: () => (started += 1), startLiveFeed: () => (feeds += 1) },
    });
    const actor = startMachine(machine, { input: { uuid: 'claim-1' } });
    expect([started, feeds]).toEqual([0, 0]);
    await settle();
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    expect([started, feeds]).toEqual([1, 1]);
  });

  it('ends in notFound for an unknown claim', async () => {
    const { actor } = start({ load: [failing({ retryable: false, notFound: true })] });
    await settle();
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('retries a failed load after a back-off', async () => {
    const { actor, calls } = start({
      load: [failing({ retryable: true }), () => loaded('awaiting_payment')],
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('loadRetry');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.load.count).toBe(2);
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(0);
  });
});

describe('loadRetry', () => {
  it('waits longer after each failure', async () => {
    const { actor, calls } = start({
      load: [failing({ retryable: true }), () => Promise.reject(new Error('offline')), () => loaded('completed')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.load.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls.load.count).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.load.count).toBe(3);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(backoffMs(10)).toBe(30_000);
  });
});

describe('routing', () => {
  it.each([
    ['paid', 'inProgress'],
    ['processing', 'inProgress'],
    ['needs_verification', 'inProgress'],
    ['on_hold', 'inProgress'],
    ['paid_late', 'inProgress'],
    ['payment_error', 'inProgress'],
    ['payout_error', 'inProgress'],
    ['completed', 'completed'],
    ['returned', 'returned'],
    ['rejected', 'rejected'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ] as const)('a %s claim goes to %s', async (status, state) => {
    const { actor } = start({ load: [() => loaded(status)] });
    await settle();
    expect(actor.getSnapshot().matches(state)).toBe(true);
    expect(actor.getSnapshot().context.status).toBe(status);
    // Only a finished claim ends the flow; an expired or canceled one is still followed (money may arrive late).
    const finished = ['completed', 'returned', 'rejected'].includes(status);
    expect(actor.getSnapshot().status).toBe(finished ? 'done' : 'active');
  });
});

describe('awaitingPayment.countdown', () => {
  it('counts the seconds down and expires at the deadline', async () => {
    const { actor } = start({ load: [() => loaded('awaiting_payment', { deadline: deadline(3) })] });
    await settle();
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('does not cut off a payment being confirmed at the last second', async () => {
    let confirmDone: (value: ClaimStatusResponse) => void = () => {};
    const { actor } = start({
      load: [() => loaded('awaiting_payment', { deadline: deadline(1) })],
      confirm: [() => new Promise((resolve) => (confirmDone = resolve))],
    });
    await settle();
    reportPayment(actor);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: 'confirming' } })).toBe(true);
    confirmDone(answer('paid'));
    await settle();
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });
});

describe('following on the live feed', () => {
  /** The real feed over a stream the test drives: what it was opened for, and how to report on it. */
  function streamed() {
    const stream = { topics: [] as string[], report: (_: LiveStreamEvent) => {} };
    const feed = liveFeedMachine.provide({
      actors: {
        eventStream: fromCallback<LiveStreamEvent, { topic: string }>(({ sendBack, input }) => {
          stream.topics.push(input.topic);
          stream.report = sendBack;
        }),
      },
    });
    return { stream, feed };
  }

  it("runs the claim's feed as child 'live': one read when the stream opens, none while idle, one per notice", async () => {
    const { stream, feed } = streamed();
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => answer('awaiting_payment'), () => answer('paid')],
      feed,
    });
    await settle();
    expect(stream.topics).toEqual(['claim-1']);
    expect(actor.getSnapshot().children.live).toBeDefined();
    stream.report({ type: 'stream.opened' });
    await settle();
    expect(calls.status.count).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls.status.count).toBe(1);
    stream.report({ type: 'stream.changed' });
    await settle();
    expect(calls.status.count).toBe(2);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });

  it('a notice while a read is on its way reads again, and the later answer is the one applied', async () => {
    const first = deferred<ClaimStatusResponse>();
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => first.promise, () => answer('paid')],
      feed: fromCallback(() => {}),
    });
    await settle();
    actor.send({ type: 'live.changed' });
    await settle();
    expect(actor.getSnapshot().matches({ awaitingPayment: { poll: 'checking' } })).toBe(true);
    actor.send({ type: 'live.changed' });
    await settle();
    expect(calls.status.count).toBe(2);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    first.resolve(answer('awaiting_payment'));
    await settle();
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });

  for (const [from, state] of [
    ['paid', 'inProgress'],
    ['expired', 'expired'],
    ['canceled', 'canceled'],
  ] as const) {
    it(`a notice during a read starts it again in ${state} too`, async () => {
      const first = deferred<ClaimStatusResponse>();
      const { actor, calls } = start({
        load: [() => loaded(from)],
        status: [() => first.promise, () => answer('completed')],
        feed: fromCallback(() => {}),
      });
      await settle();
      actor.send({ type: 'live.changed' });
      await settle();
      expect(actor.getSnapshot().matches({ [state]: 'checking' })).toBe(true);
      actor.send({ type: 'live.changed' });
      await settle();
      expect(calls.status.count).toBe(2);
      expect(actor.getSnapshot().value).toBe('completed');
    });
  }

  it("keeps the deposits each answer carries (a payment seen, then its confirmations), none when it carries none", async () => {
    const seen = (confirmations: number) => ({
      txHash: 'ab'.repeat(32),
      amount: '0.01',
      confirmations,
      required: 2,
      status: 'seen' as const,
      counted: false,
      firstSeenAt: serverNow(),
      explorerUrl: null,
    });
    const { actor } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => answer('awaiting_payment', { deposits: [seen(0)] }), () => answer('awaiting_payment', { deposits: [seen(1)] })],
      feed: fromCallback(() => {}),
    });
    await settle();
    expect(actor.getSnapshot().context.deposits).toEqual([]);
    actor.send({ type: 'live.changed' });
    await settle();
    expect(actor.getSnapshot().context.deposits).toEqual([seen(0)]);
    actor.send({ type: 'live.changed' });
    await settle();
    expect(actor.getSnapshot().context.deposits.map((deposit) => deposit.confirmations)).toEqual([1]);
  });

  it('the feed (its stream) ends with the flow once the claim is final', async () => {
    let closed = 0;
    const { actor } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => answer('completed')],
      feed: fromCallback(() => () => (closed += 1)),
    });
    await settle();
    expect(closed).toBe(0);
    actor.send({ type: 'live.changed' });
    await settle();
    expect(actor.getSnapshot().value).toBe('completed');
    expect(closed).toBe(1);
  });
});

describe('awaitingPayment.poll', () => {
  it('asks for the status when the feed says so and follows a moved deadline', async () => {
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => answer('awaiting_payment', { deadline: deadline(WINDOW_S + 60) })],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.status.count).toBe(1);
    expect(calls.status.uuids).toEqual(['claim-1']);
    expect(actor.getSnapshot().matches({ awaitingPayment: { poll: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(WINDOW_S + 60 - 5);
  });

  it('leaves when the operator moved the claim on', async () => {
    const { actor } = start({ load: [() => loaded('awaiting_payment')], status: [() => answer('canceled')] });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches('canceled')).toBe(true);
  });

  it('backs off after a failed poll and asks again', async () => {
    const { actor, calls, logged } = start({
      load: [() => loaded('awaiting_payment')],
      status: [failing({ retryable: true }), () => answer('paid')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ awaitingPayment: { poll: 'backoff' } })).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(1);
    expect(logged).toEqual(['status']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.status.count).toBe(2);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });

  it('waits longer after each failed poll in a row', async () => {
    const { calls } = start({
      load: [() => loaded('awaiting_payment')],
      status: [failing({ retryable: true }), failing({ retryable: true }), () => answer('awaiting_payment')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000 + 1000);
    expect(calls.status.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.status.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.status.count).toBe(3);
  });

  it('keeps an open question and its deadline when a poll finds the claim still unpaid', async () => {
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      status: [() => answer('awaiting_payment', { deadline: deadline(WINDOW_S + 60) })],
    });
    await settle();
    actor.send({ type: 'payment.ask' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.status.count).toBe(1);
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'confirmAsked' } } })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(WINDOW_S + 60 - 5);
  });
});

describe('awaitingPayment.request', () => {
  it('confirms the payment and follows the claim into processing', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment')], confirm: [() => answer('paid')] });
    await settle();
    reportPayment(actor);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().hasTag('canceling')).toBe(false);
    actor.send({ type: 'payment.confirm' });
    await settle();
    expect(calls.confirm.count).toBe(1);
    expect(calls.confirm.uuids).toEqual(['claim-1']);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('paid');
  });

  it('does not offer to confirm a claim the client may not mark as paid', async () => {
    const { actor, calls } = start({ load: [() => loaded('new')] });
    await settle();
    expect(actor.getSnapshot().can({ type: 'payment.ask' })).toBe(false);
    reportPayment(actor);
    expect(actor.getSnapshot().hasTag('asking')).toBe(false);
    expect(calls.confirm.count).toBe(0);
    expect(actor.getSnapshot().can({ type: 'cancel.ask' })).toBe(true);
  });

  it("offers neither confirming nor cancelling to someone who holds the link but did not create the claim", async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment', { mayChange: false })] });
    await settle();
    expect(actor.getSnapshot().hasTag('payable')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'payment.ask' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'cancel.ask' })).toBe(false);
    reportPayment(actor);
    actor.send({ type: 'cancel.ask' });
    expect(actor.getSnapshot().hasTag('asking') || actor.getSnapshot().hasTag('askingCancel')).toBe(false);
    expect(calls.confirm.count + calls.cancel.count).toBe(0);
  });

  it('keeps retrying a confirmation lost to the network', async () => {
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      confirm: [failing({ retryable: true }), failing({ retryable: true }), () => answer('paid')],
    });
    await settle();
    reportPayment(actor);
    await settle();
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'confirmRetry' } } })).toBe(true);
    expect(['busy', 'confirming', 'retrying'].every((tag) => actor.getSnapshot().hasTag(tag))).toBe(true);
    expect(actor.getSnapshot().hasTag('canceling')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.confirm.count).toBe(2);
    // The second failure in a row waits twice as long.
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.confirm.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.confirm.count).toBe(3);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });

  it('retries a confirmation that failed with a thrown error (a network failure), showing nothing', async () => {
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      confirm: [() => Promise.reject(new TypeError('Failed to fetch')), () => answer('paid')],
    });
    await settle();
    reportPayment(actor);
    await settle();
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'confirmRetry' } } })).toBe(true);
    expect(actor.getSnapshot().context.actionError).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.confirm.count).toBe(2);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });

  it('shows a refused confirmation and lets the client act again', async () => {
    const { actor } = start({
      load: [() => loaded('awaiting_payment')],
      confirm: [failing({ retryable: false, message: 'Too early.' }), failing({ retryable: false })],
    });
    await settle();
    reportPayment(actor);
    await settle();
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'idle' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(actor.getSnapshot().context.actionError).toEqual({ code: 'server', message: 'Too early.' });
    actor.send({ type: 'payment.ask' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    actor.send({ type: 'payment.confirm' });
    await settle();
    expect(actor.getSnapshot().context.actionError).toEqual({ code: 'unknown' });
  });

  it('asks before reporting the payment and keeps where to pay in view', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment')], confirm: [() => answer('paid')] });
    await settle();
    actor.send({ type: 'payment.ask' });
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'confirmAsked' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('asking')).toBe(true);
    expect(calls.confirm.count).toBe(0);
    actor.send({ type: 'payment.confirm' });
    await settle();
    expect(calls.confirm.count).toBe(1);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    // Payment reported is not payment received: the details stay for the client to check.
    expect(actor.getSnapshot().context.requisite?.payTo[0]?.value).toBe('bc1qexampleexampleexample');
    expect(actor.getSnapshot().context.history.map((step) => step.status)).toEqual(['paid']);
  });

  it('goes back without reporting when the client has not paid yet', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment')] });
    await settle();
    actor.send({ type: 'payment.ask' });
    actor.send({ type: 'payment.dismiss' });
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'idle' } } })).toBe(true);
    expect(calls.confirm.count).toBe(0);
  });

  it('expires at the deadline while the client is still deciding', async () => {
    const { actor } = start({ load: [() => loaded('awaiting_payment', { deadline: deadline(1) })] });
    await settle();
    actor.send({ type: 'payment.ask' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
  });

  it('asks before cancelling, then cancels the claim', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment')], cancel: [() => answer('canceled')] });
    await settle();
    actor.send({ type: 'cancel.ask' });
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'cancelAsked' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('askingCancel')).toBe(true);
    expect(calls.cancel.count).toBe(0);
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().hasTag('canceling')).toBe(true);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    await settle();
    expect(calls.cancel.count).toBe(1);
    expect(calls.cancel.uuids).toEqual(['claim-1']);
    expect(actor.getSnapshot().matches('canceled')).toBe(true);
  });

  it('keeps the claim when the client thinks better of cancelling', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment')] });
    await settle();
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'idle' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('askingCancel')).toBe(false);
    expect(calls.cancel.count).toBe(0);
  });

  it('expires at the deadline while the client is deciding to cancel', async () => {
    const { actor, calls } = start({ load: [() => loaded('awaiting_payment', { deadline: deadline(1) })] });
    await settle();
    actor.send({ type: 'cancel.ask' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(calls.cancel.count).toBe(0);
  });

  it('retries a cancel lost to the network and shows a refused one', async () => {
    const { actor, calls } = start({
      load: [() => loaded('awaiting_payment')],
      cancel: [failing({ retryable: true }), failing({ retryable: false, message: 'Already paid.' })],
    });
    await settle();
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'cancel.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ awaitingPayment: { request: { open: 'cancelRetry' } } })).toBe(true);
    expect(['busy', 'canceling', 'retrying'].every((tag) => actor.getSnapshot().hasTag(tag))).toBe(true);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.cancel.count).toBe(2);
    expect(actor.getSnapshot().context.actionError).toEqual({ code: 'server', message: 'Already paid.' });
    // Asking again starts clean.
    actor.send({ type: 'cancel.ask' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
  });
});

describe('inProgress', () => {
  it('follows the status until the claim is completed', async () => {
    const { actor } = start({
      load: [() => loaded('paid')],
      status: [() => answer('processing'), () => answer('completed')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ inProgress: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('processing');
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it('keeps the reason of a rejected claim', async () => {
    const { actor } = start({
      load: [() => loaded('processing')],
      status: [() => answer('rejected', { reason: 'The payment did not arrive.' })],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.reason).toBe('The payment did not arrive.');
  });

  it('backs off after a failed poll', async () => {
    const { actor, calls } = start({
      load: [() => loaded('paid')],
      status: [failing({ retryable: true }), () => answer('needs_verification')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ inProgress: 'backoff' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.status.count).toBe(2);
    expect(actor.getSnapshot().context.status).toBe('needs_verification');
  });
});

describe('inProgress beyond the happy path', () => {
  it('follows a payment problem with its reason until the operator moves it on', async () => {
    const { actor } = start({
      load: [() => loaded('paid')],
      status: [() => answer('payment_error', { reason: 'Another amount arrived.' }), () => answer('processing')],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ inProgress: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('Another amount arrived.');
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.status).toBe('processing');
  });

  it('follows a failed payout to its return', async () => {
    const { actor } = start({
      load: [() => loaded('payout_error', { reason: 'The bank refused the card.' })],
      status: [() => answer('returned', { reason: 'Sent back to the card the payment came from.' })],
    });
    await settle();
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('returned');
    expect(actor.getSnapshot().context.reason).toBe('Sent back to the card the payment came from.');
  });
});

describe('expired', () => {
  const repricing = {
    oldCourse: '9000000',
    newCourse: '8500000',
    oldToSumma: '90000.00',
    newToSumma: '85000.00',
    at: '2026-03-01T13:00:00.000Z',
  };

  it('keeps following an expired claim and moves on when a late payment is taken on, then re-priced', async () => {
    const { actor } = start({
      load: [() => loaded('expired')],
      status: [() => answer('expired'), () => answer('paid_late'), () => answer('processing', { repricing })],
    });
    await settle();
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ expired: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('paid_late');
    expect(actor.getSnapshot().context.repricing).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.status).toBe('processing');
    expect(actor.getSnapshot().context.repricing).toEqual(repricing);
  });

  it('stays expired while the server has not yet expired a claim past its deadline', async () => {
    const { actor } = start({
      load: [() => loaded('awaiting_payment', { deadline: deadline(1) })],
      status: [() => answer('awaiting_payment', { deadline: deadline(1) })],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ expired: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('becomes payable again when the deadline was moved by hand and the claim awaits payment once more', async () => {
    const { actor } = start({
      load: [() => loaded('expired')],
      status: [() => answer('awaiting_payment', { deadline: deadline(WINDOW_S + 60) })],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().hasTag('payable')).toBe(true);
    expect(actor.getSnapshot().hasTag('expired')).toBe(false);
    expect(actor.getSnapshot().context.secondsLeft).toBe(WINDOW_S + 60 - 5);
  });

  it('goes to the returned state when a late payment is sent back', async () => {
    const { actor, calls, logged } = start({
      load: [() => loaded('expired')],
      status: [failing({ retryable: true }), () => answer('returned', { reason: 'Refunded to the sender card.' })],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ expired: 'backoff' })).toBe(true);
    expect(logged).toEqual(['status']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.status.count).toBe(2);
    expect(actor.getSnapshot().value).toBe('returned');
  });
});

describe('canceled', () => {
  it('keeps following a canceled claim and moves on when money sent before cancelling is taken on as paid late', async () => {
    const { actor, calls, logged } = start({
      load: [() => loaded('canceled')],
      status: [() => answer('canceled'), failing({ retryable: true }), () => answer('paid_late')],
    });
    await settle();
    expect(actor.getSnapshot().hasTag('canceled')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ canceled: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ canceled: 'backoff' })).toBe(true);
    expect(logged).toEqual(['status']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.status.count).toBe(3);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('paid_late');
  });
});

describe('notFound and loadRetry tags', () => {
  it('tags an unknown claim and a retried load for the view', async () => {
    const missing = start({ load: [failing({ retryable: false, notFound: true })] });
    await settle();
    expect(missing.actor.getSnapshot().hasTag('notFound')).toBe(true);
    const offline = start({ load: [failing({ retryable: true })] });
    await settle();
    expect(offline.actor.getSnapshot().hasTag('retrying')).toBe(true);
  });
});

describe('starting from a server-rendered claim (input.preloaded)', () => {
  function startPreloaded(claim: LoadedClaim | null, scripts: Scripts = {}) {
    const calls = { load: { count: 0 }, status: { count: 0 } };
    const machine = claimPaymentMachine.provide({
      actors: {
        loadClaim: scripted(scripts.load, calls.load),
        loadStatus: scripted(scripts.status, calls.status),
        liveFeed: feedEvery5s,
      },
    });
    const actor = startMachine(machine, { input: { uuid: 'claim-1', preloaded: claim } });
    return { actor, calls };
  }

  it('starts in the state of the claim it was rendered with, loading nothing, with the receipt child running', async () => {
    const { actor, calls } = startPreloaded(loaded('awaiting_payment', { billUploaded: true }));
    const snapshot = actor.getSnapshot();
    // Already in the first snapshot (the one the server renders and the browser hydrates with), not after a call.
    expect(snapshot.matches('awaitingPayment')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.context.form?.to.summa).toBe('90000.00');
    expect(snapshot.context.requisite?.qr).toContain('bitcoin:');
    expect(snapshot.context.secondsLeft).toBe(WINDOW_S);
    expect(snapshot.children.bill?.getSnapshot().value).toBe('done');
    await settle();
    expect(calls.load.count).toBe(0);
  });

  it('follows the status from there like a loaded claim', async () => {
    const { actor, calls } = startPreloaded(loaded('awaiting_payment'), { status: [() => answer('paid')] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.status.count).toBe(1);
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('paid');
  });

  it("learns from its first status read that this browser created the claim (the server's render cannot know)", async () => {
    const { actor, calls } = startPreloaded(loaded('awaiting_payment', { mayChange: false }), {
      status: [() => answer('awaiting_payment', { mayChange: true })],
    });
    expect(actor.getSnapshot().context.mayChange).toBe(false);
    expect(actor.getSnapshot().can({ type: 'payment.ask' })).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.status.count).toBe(1);
    expect(actor.getSnapshot().context.mayChange).toBe(true);
    expect(actor.getSnapshot().can({ type: 'payment.ask' })).toBe(true);
  });

  it('starts final for a finished claim, with the server reason', () => {
    const { actor, calls } = startPreloaded(loaded('rejected', { reason: 'Payment from a third-party card' }));
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.reason).toBe('Payment from a third-party card');
    expect(calls.load.count).toBe(0);
  });

  it('loads the claim itself when nothing was preloaded', async () => {
    const { actor, calls } = startPreloaded(null, { load: [() => loaded('completed')] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(calls.load.count).toBe(1);
    expect(actor.getSnapshot().value).toBe('completed');
  });
});

describe('inProgress (card verification)', () => {
  it("carries the sender card's verification while the claim waits for it, and drops it once paid out", async () => {
    const uuid = '0f8e7a52-6b1c-4c8e-9a57-2f1d3c4b5a69';
    const { actor } = start({
      load: [() => loaded('needs_verification', { cardVerification: { verification: uuid } })],
      status: [() => answer('processing')],
    });
    await settle();
    expect(actor.getSnapshot().context.cardVerification).toEqual({ verification: uuid });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.status).toBe('processing');
    expect(actor.getSnapshot().context.cardVerification).toBeNull();
  });
});
