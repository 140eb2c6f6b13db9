import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { loginMachine, type LoginAttempt, type LoginEvent } from '../../machines/login.ts';
import type { LoginRequest } from '../../src/api/schemas/user.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

function start(captchaRequired = false) {
  const calls: LoginRequest[] = [];
  const remembered: boolean[] = [];
  const answers: Deferred<string>[] = [];
  const notified: string[] = [];
  let redirects = 0;
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise<string, LoginAttempt>(({ input }) => {
        calls.push(input.request);
        remembered.push(input.remember);
        const answer = deferred<string>();
        answers.push(answer);
        return answer.promise;
      }),
    },
    actions: {
      notifySession: (_, params) => notified.push(params.access),
      redirectToAccount: () => {
        redirects += 1;
      },
    },
  });
  const actor = startMachine(machine, { input: { captchaRequired } });
  return { actor, calls, remembered, answers, notified, redirects: () => redirects };
}

type Actor = ReturnType<typeof start>['actor'];

function fill(actor: Actor, email = 'Demo@Example.COM ', password = 'secret-pass') {
  actor.send({ type: 'field.changed', name: 'email', value: email });
  actor.send({ type: 'field.changed', name: 'password', value: password });
}

describe('editing', () => {
  it('starts with an empty form and the captcha setting it was given', () => {
    expect(start(true).actor.getSnapshot().context).toEqual({
      email: '',
      password: '',
      remember: false,
      captchaRequired: true,
      recaptcha: '',
      errors: {},
    });
  });

  it('starts empty and keeps what is typed', () => {
    const { actor } = start();
    fill(actor);
    actor.send({ type: 'remember.changed', value: true });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      email: 'Demo@Example.COM ',
      password: 'secret-pass',
      remember: true,
      errors: {},
    });
  });

  it('refuses to send with empty fields, naming each', () => {
    const { actor, calls } = start();
    actor.send({ type: 'field.changed', name: 'email', value: '  ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'required' }, password: { code: 'required' } });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'field.changed', name: 'password', value: 'x' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'required' } });
  });

  it('sends the e-mail lowercased, with remember-me beside the body (not in it) and no captcha', () => {
    const { actor, calls, remembered } = start();
    fill(actor);
    actor.send({ type: 'remember.changed', value: true });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls).toEqual([{ email: 'demo@example.com', password: 'secret-pass' }]);
    expect(remembered).toEqual([true]);
  });

  it('says when remember-me is left unchecked', () => {
    const { actor, remembered } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    expect(remembered).toEqual([false]);
  });

  it('sends the captcha token when captcha on login is enabled, empty when unsolved', () => {
    const unsolved = start(true);
    fill(unsolved.actor);
    unsolved.actor.send({ type: 'submit' });
    expect(unsolved.calls[0]).toEqual({ email: 'demo@example.com', password: 'secret-pass', recaptcha: '' });

    const solved = start(false);
    solved.actor.send({ type: 'captcha.configured', required: true });
    solved.actor.send({ type: 'captcha.changed', token: 'captcha-token' });
    fill(solved.actor);
    solved.actor.send({ type: 'submit' });
    expect(solved.calls[0]?.recaptcha).toBe('captcha-token');
  });
});

describe('the captcha setting', () => {
  it("follows the app's settings watcher while the form runs, and stops it with the form", () => {
    let tell: (event: LoginEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = loginMachine.provide({
      actors: {
        watchCaptchaSetting: fromCallback<LoginEvent>(({ sendBack }) => {
          tell = sendBack;
          sendBack({ type: 'captcha.configured', required: true });
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine, { input: { captchaRequired: false } });
    expect(actor.getSnapshot().context.captchaRequired).toBe(true);
    tell({ type: 'captcha.configured', required: false });
    expect(actor.getSnapshot().context.captchaRequired).toBe(false);
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});

describe('submitting', () => {
  it('ignores a second submit', () => {
    const { actor, calls } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('hands the token to the session and leaves for the account', async () => {
    const { actor, answers, notified, redirects } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.resolve('access-1');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(notified).toEqual(['access-1']);
    expect(redirects()).toBe(1);
  });

  it('shows the general detail and the first message of each field, then clears them per field', async () => {
    const { actor, answers } = start(true);
    actor.send({ type: 'captcha.changed', token: 'used-token' });
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ detail: 'No active account', email: ['Bad e-mail', 'second'], password: 'Too short' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({
      detail: { code: 'server', message: 'No active account' },
      email: { code: 'server', message: 'Bad e-mail' },
      password: { code: 'server', message: 'Too short' },
    });
    expect(actor.getSnapshot().context.recaptcha).toBe('');
    actor.send({ type: 'field.changed', name: 'email', value: 'demo@example.com' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['detail', 'password']);
    actor.send({ type: 'field.changed', name: 'password', value: 'other' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['detail']);
  });

  it.each([
    ['an unknown failure', 'http_500', 'unknown'],
    ['a network failure', 'network_error', 'network_error'],
  ])('reports %s when the body names nothing', async (_, rejected, reported) => {
    const { actor, answers } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ code: rejected });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: reported } });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('succeeded', () => {
  it('is final and busy so the form stays disabled', async () => {
    const { actor, answers } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.resolve('access-1');
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});
