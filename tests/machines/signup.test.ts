import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { signupMachine, type SignupEvent } from '../../machines/signup.ts';
import type { SignupRequest } from '../../src/api/schemas/user.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

function start(input: { captchaRequired: boolean; referral: string | null } = { captchaRequired: false, referral: null }) {
  const calls: SignupRequest[] = [];
  const answers: Deferred<void>[] = [];
  const machine = signupMachine.provide({
    actors: {
      signup: fromPromise<void, SignupRequest>(({ input: body }) => {
        calls.push(body);
        const answer = deferred<void>();
        answers.push(answer);
        return answer.promise;
      }),
    },
  });
  return { actor: startMachine(machine, { input }), calls, answers };
}

type Actor = ReturnType<typeof start>['actor'];

function fill(actor: Actor, confirm = 'long-secret1') {
  actor.send({ type: 'field.changed', name: 'email', value: 'New@Example.com' });
  actor.send({ type: 'field.changed', name: 'password', value: 'long-secret1' });
  actor.send({ type: 'field.changed', name: 'passwordConfirm', value: confirm });
  actor.send({ type: 'agree.changed', value: true });
}

describe('editing', () => {
  it('names every local problem and sends nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: { code: 'required' },
      password: { code: 'required' },
      passwordConfirm: { code: 'required' },
      agree: { code: 'agreement_required' },
    });
    expect(calls).toHaveLength(0);
  });

  it('names a bad e-mail, the broken password rules, a differing confirmation and the consent together', () => {
    const { actor, calls } = start();
    actor.send({ type: 'field.changed', name: 'email', value: 'new.example.com' });
    actor.send({ type: 'field.changed', name: 'password', value: 'short' });
    actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'shorter' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: { code: 'email_at' },
      password: { code: 'password_rules', broken: ['length', 'digit'] },
      passwordConfirm: { code: 'mismatch' },
      agree: { code: 'agreement_required' },
    });
    expect(calls).toHaveLength(0);
  });

  it('requires matching passwords, and clears each error when edited', () => {
    const { actor } = start();
    fill(actor, 'other-secret1');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ passwordConfirm: { code: 'mismatch' } });
    actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'long-secret1' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'agree.changed', value: false });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ agree: { code: 'agreement_required' } });
    actor.send({ type: 'agree.changed', value: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('refuses an address the shared e-mail rule refuses (a@b.c), and sends once it is corrected', () => {
    const { actor, calls } = start();
    fill(actor);
    actor.send({ type: 'field.changed', name: 'email', value: 'a@b.c' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'email_domain' } });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'field.changed', name: 'email', value: 'a@b.co' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'submit' });
    expect(calls.map((call) => call.email)).toEqual(['a@b.co']);
  });

  it('sends the lowercased e-mail, the referral and the captcha when enabled', () => {
    const { actor, calls } = start({ captchaRequired: false, referral: 'FRIEND' });
    actor.send({ type: 'captcha.configured', required: true });
    actor.send({ type: 'captcha.changed', token: 'tok' });
    fill(actor);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(calls).toEqual([
      {
        email: 'new@example.com',
        password: 'long-secret1',
        passwordConfirm: 'long-secret1',
        agree: true,
        refferal: 'FRIEND',
        recaptcha: 'tok',
      },
    ]);
  });
});

describe('submitting', () => {
  it('ends with the mail sent', async () => {
    const { actor, answers, calls } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).not.toHaveProperty('recaptcha');
    answers[0]!.resolve();
    await waitFor(actor, (s) => s.matches('sent'));
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the server field errors and resets the captcha', async () => {
    const { actor, answers } = start({ captchaRequired: true, referral: null });
    actor.send({ type: 'captcha.changed', token: 'tok' });
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ email: ['Already registered'], recaptcha: ['Solve the captcha'] });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({
      email: { code: 'server', message: 'Already registered' },
      recaptcha: { code: 'server', message: 'Solve the captcha' },
    });
    expect(actor.getSnapshot().context.recaptcha).toBe('');
    actor.send({ type: 'captcha.changed', token: 'tok-2' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'server', message: 'Already registered' } });
  });
});

describe('submitting with a stale referral code', () => {
  it('says so and sends the next attempt without it', async () => {
    const { actor, answers, calls } = start({ captchaRequired: false, referral: 'GONE' });
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ refferal: ['This referral code does not exist.'] });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({
      refferal: { code: 'server', message: 'This referral code does not exist.' },
    });
    actor.send({ type: 'submit' });
    expect(calls[0]?.refferal).toBe('GONE');
    expect(calls[1]).not.toHaveProperty('refferal');
  });
});

describe('sent', () => {
  it('is final', async () => {
    const { actor, answers } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.resolve();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('sent');
  });
});

describe('signup: consent, captcha token and a resend', () => {
  it('shows the server refusal of the consent under the checkbox, cleared when it is ticked again', async () => {
    const { actor, answers } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ agree: ['Accept the rules to register.'] });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ agree: { code: 'server', message: 'Accept the rules to register.' } });
    actor.send({ type: 'agree.changed', value: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('has no captcha token until the widget is solved', () => {
    const { actor, calls } = start({ captchaRequired: true, referral: null });
    fill(actor);
    actor.send({ type: 'submit' });
    expect(calls[0]?.recaptcha).toBe('');
  });

  it('shows itself busy and clears the previous answer while a resend is awaited', async () => {
    const { actor, answers } = start();
    fill(actor);
    actor.send({ type: 'submit' });
    answers[0]!.reject({ detail: 'Try later.' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('the captcha setting', () => {
  it("follows the app's settings watcher while the form runs, and stops it with the form", () => {
    let tell: (event: SignupEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = signupMachine.provide({
      actors: {
        watchCaptchaSetting: fromCallback<SignupEvent>(({ sendBack }) => {
          tell = sendBack;
          sendBack({ type: 'captcha.configured', required: true });
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine, { input: { captchaRequired: false, referral: null } });
    expect(actor.getSnapshot().context.captchaRequired).toBe(true);
    tell({ type: 'captcha.configured', required: false });
    expect(actor.getSnapshot().context.captchaRequired).toBe(false);
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
