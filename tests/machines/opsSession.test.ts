import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { opsSessionMachine, type OpsSessionEvent } from '../../machines/opsSession.ts';
import type { OpsOperator, OpsSignInRequest } from '../../src/api/schemas/ops.ts';
import { deferred, type Deferred } from './deferred.ts';
import { startMachine } from './harness.ts';

function start() {
  const me = deferred<OpsOperator>();
  const signIns: { input: OpsSignInRequest; answer: Deferred<OpsOperator> }[] = [];
  const signOuts: Deferred<unknown>[] = [];
  const machine = opsSessionMachine.provide({
    actors: {
      fetchOperator: fromPromise(() => me.promise),
      signIn: fromPromise<OpsOperator, OpsSignInRequest>(({ input }) => {
        const answer = deferred<OpsOperator>();
        signIns.push({ input, answer });
        return answer.promise;
      }),
      signOut: fromPromise(() => {
        const answer = deferred<unknown>();
        signOuts.push(answer);
        return answer.promise;
      }),
    },
  });
  return { actor: startMachine(machine), me, signIns, signOuts };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function signedOut() {
  const started = start();
  started.me.reject({ detail: 'Sign in as an operator.', code: 'not_authenticated' });
  await tick();
  return started;
}

function fill(actor: Awaited<ReturnType<typeof signedOut>>['actor']) {
  actor.send({ type: 'field.changed', name: 'email', value: ' Op@Example.com ' });
  actor.send({ type: 'field.changed', name: 'password', value: 'pass-1234' });
  actor.send({ type: 'field.changed', name: 'code', value: ' 123456 ' });
}

async function signedIn() {
  const started = start();
  started.me.resolve({ email: 'op@example.com', role: 'admin' });
  await tick();
  return started;
}

describe('checking', () => {
  it('asks the server for an open session first', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('an open session signs the operator in at once', async () => {
    const { actor } = await signedIn();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.operator).toEqual({ email: 'op@example.com', role: 'admin' });
  });

  it('without a session, shows the sign-in form', async () => {
    const { actor } = await signedOut();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.operator).toBeNull();
  });
});

describe('signedOut', () => {
  it('names every empty field and does not send', async () => {
    const { actor, signIns } = await signedOut();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: { code: 'required' },
      password: { code: 'required' },
      code: { code: 'required' },
    });
    expect(signIns).toHaveLength(0);
    actor.send({ type: 'field.changed', name: 'code', value: '1' });
    expect(actor.getSnapshot().context.errors.code).toBeUndefined();
  });

  it('sends the e-mail lowercased and the code trimmed', async () => {
    const { actor, signIns } = await signedOut();
    fill(actor);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(signIns[0]!.input).toEqual({ email: 'op@example.com', password: 'pass-1234', code: '123456' });
  });
});

describe('signingIn', () => {
  it('a refusal returns to the form with the server message and an empty code field', async () => {
    const { actor, signIns } = await signedOut();
    fill(actor);
    actor.send({ type: 'submit' });
    signIns[0]!.answer.reject({ detail: 'Wrong e-mail, password or code.', code: 'invalid_credentials' });
    await tick();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.errors.detail).toEqual({ code: 'server', message: 'Wrong e-mail, password or code.' });
    expect(actor.getSnapshot().context.code).toBe('');
    expect(actor.getSnapshot().context.password).toBe('pass-1234');
  });

  it('typing clears that field’s error and the general one; the next try starts without any', async () => {
    const { actor, signIns } = await signedOut();
    fill(actor);
    actor.send({ type: 'submit' });
    signIns[0]!.answer.reject({ detail: 'Try again.', email: ['This operator is disabled.'] });
    await tick();
    actor.send({ type: 'field.changed', name: 'code', value: '654321' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'server', message: 'This operator is disabled.' } });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('success opens the console and forgets the spent code', async () => {
    const { actor, signIns } = await signedOut();
    fill(actor);
    actor.send({ type: 'submit' });
    signIns[0]!.answer.resolve({ email: 'op@example.com', role: 'admin' });
    await tick();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.code).toBe('');
    expect(actor.getSnapshot().context.operator).toEqual({ email: 'op@example.com', role: 'admin' });
  });
});

describe('signedIn', () => {
  it("a 401 the console's watcher reports ends the session; the watcher stops with the session", async () => {
    let unauthorized: () => void = () => undefined;
    const stopped = vi.fn();
    const machine = opsSessionMachine.provide({
      actors: {
        fetchOperator: fromPromise<OpsOperator>(async () => ({ email: 'op@example.com', role: 'admin' })),
        watchUnauthorized: fromCallback<OpsSessionEvent>(({ sendBack }) => {
          unauthorized = () => sendBack({ type: 'session.lost' });
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine);
    await tick();
    expect(actor.getSnapshot().value).toBe('signedIn');
    unauthorized();
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('a lost session (401) returns to the form', async () => {
    const { actor } = await signedIn();
    actor.send({ type: 'session.lost' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.operator).toBeNull();
  });

  it('a lost session after signing in forgets the password too', async () => {
    const { actor, signIns } = await signedOut();
    fill(actor);
    actor.send({ type: 'submit' });
    signIns[0]!.answer.resolve({ email: 'op@example.com', role: 'admin' });
    await tick();
    actor.send({ type: 'session.lost' });
    expect(actor.getSnapshot().context).toMatchObject({ operator: null, email: ' Op@Example.com ', password: '', code: '' });
  });
});

describe('signingOut', () => {
  it('signs out when the server confirms', async () => {
    const { actor, signOuts } = await signedIn();
    actor.send({ type: 'sign-out' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    signOuts[0]!.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.operator).toBeNull();
  });

  it('signs out locally when the call fails too', async () => {
    const { actor, signOuts } = await signedIn();
    actor.send({ type: 'sign-out' });
    signOuts[0]!.reject(new Error('offline'));
    await tick();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.operator).toBeNull();
  });
});
