import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { requestMachine } from '../../machines/request.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

function start(autoStart: boolean) {
  const answers: Deferred<unknown>[] = [];
  const logged: unknown[] = [];
  const machine = requestMachine.provide({
    actors: {
      send: fromPromise(() => {
        const answer = deferred<unknown>();
        answers.push(answer);
        return answer.promise;
      }),
    },
    actions: { logFailure: (_, params) => logged.push(params.error) },
  });
  return { actor: startMachine(machine, { input: { autoStart } }), answers, logged };
}

describe('start', () => {
  it('sends at once when asked to', () => {
    const { actor, answers } = start(true);
    expect(actor.getSnapshot().value).toBe('pending');
    expect(answers).toHaveLength(1);
  });

  it('waits for a start otherwise', () => {
    const { actor, answers } = start(false);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(answers).toHaveLength(0);
  });
});

describe('idle', () => {
  it('sends on start', () => {
    const { actor, answers } = start(false);
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(answers).toHaveLength(1);
  });
});

describe('pending', () => {
  it('succeeds with the server message', async () => {
    const { actor, answers } = start(true);
    answers[0]!.resolve({ detail: 'Account successfully activated' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().context.message).toBe('Account successfully activated');
  });

  it('fails with the code and message, and logs the failure', async () => {
    const { actor, answers, logged } = start(true);
    answers[0]!.reject({ detail: 'Link expired', code: 'token_expired' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'token_expired', message: 'Link expired' });
    expect(logged).toEqual([{ detail: 'Link expired', code: 'token_expired' }]);
  });
});

describe('failed', () => {
  it('retries', async () => {
    const { actor, answers } = start(true);
    answers[0]!.reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('unknown');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    answers[1]!.resolve(undefined);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe('request: after success', () => {
  it('is over: nothing sends the call again', async () => {
    const { actor, answers } = start(false);
    actor.send({ type: 'start' });
    answers[0]!.resolve({ detail: 'Mail sent' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().status).toBe('done');
    actor.send({ type: 'start' });
    actor.send({ type: 'retry' });
    expect(answers).toHaveLength(1);
  });
});
