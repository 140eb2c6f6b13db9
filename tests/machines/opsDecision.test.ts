import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { opsDecisionMachine, type OpsDecisionRequest } from '../../machines/opsDecision.ts';
import { deferred, type Deferred } from './deferred.ts';
import { startMachine } from './harness.ts';

function start() {
  const calls: { input: OpsDecisionRequest; answer: Deferred<unknown> }[] = [];
  let decided = 0;
  const machine = opsDecisionMachine.provide({
    actors: {
      send: fromPromise<unknown, OpsDecisionRequest>(({ input }) => {
        const answer = deferred<unknown>();
        calls.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: {
      notifyDecided: () => {
        decided += 1;
      },
    },
  });
  return { actor: startMachine(machine), calls, decided: () => decided };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('idle', () => {
  it('starts with nothing chosen', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ choice: null, reason: '', errors: {} });
  });

  it('a choice asks for confirmation', () => {
    const { actor, calls } = start();
    actor.send({ type: 'choose', choice: { value: 'processing', needsReason: false } });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.choice).toEqual({ value: 'processing', needsReason: false });
    expect(calls).toHaveLength(0);
  });
});

describe('confirming', () => {
  it('another choice replaces the first, with an empty reason', () => {
    const { actor } = start();
    actor.send({ type: 'choose', choice: { value: 'rejected', needsReason: true } });
    actor.send({ type: 'reason.changed', value: 'AML' });
    actor.send({ type: 'choose', choice: { value: 'processing', needsReason: false } });
    expect(actor.getSnapshot().context).toMatchObject({ choice: { value: 'processing' }, reason: '' });
  });

  it('refuses to send without a needed reason, and the error clears on typing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'choose', choice: { value: 'rejected', needsReason: true } });
    actor.send({ type: 'reason.changed', value: '   ' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.errors).toEqual({ reason: { code: 'required' } });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'reason.changed', value: 'AML check' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('cancel forgets the choice, its reason and its errors', () => {
    const { actor } = start();
    actor.send({ type: 'choose', choice: { value: 'rejected', needsReason: true } });
    actor.send({ type: 'reason.changed', value: '  ' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: { code: 'required' } });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ choice: null, reason: '', errors: {} });
  });
});

describe('sending', () => {
  it('sends the choice with the trimmed reason; success reports and returns to idle', async () => {
    const { actor, calls, decided } = start();
    actor.send({ type: 'choose', choice: { value: 'rejected', needsReason: true } });
    actor.send({ type: 'reason.changed', value: ' AML check ' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls[0]!.input).toEqual({ value: 'rejected', reason: 'AML check' });
    calls[0]!.answer.resolve({ status: 'rejected' });
    await tick();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(decided()).toBe(1);
    expect(actor.getSnapshot().context).toEqual({ choice: null, reason: '', errors: {} });
  });

  it('a refusal stays on the confirmation with the server message', async () => {
    const { actor, calls, decided } = start();
    actor.send({ type: 'choose', choice: { value: 'completed', needsReason: false } });
    actor.send({ type: 'confirm' });
    calls[0]!.answer.reject({ status: ['A claim cannot move from "paid" to "completed".'] });
    await tick();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.errors.status).toEqual({ code: 'server', message: 'A claim cannot move from "paid" to "completed".' });
    expect(decided()).toBe(0);
  });

  it('a refusal of the reason shows under the reason field', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'choose', choice: { value: 'rejected', needsReason: true } });
    actor.send({ type: 'reason.changed', value: 'x' });
    actor.send({ type: 'confirm' });
    calls[0]!.answer.reject({ reason: ['The reason is too short.'] });
    await tick();
    expect(actor.getSnapshot().context.errors).toEqual({ reason: { code: 'server', message: 'The reason is too short.' } });
  });
});
