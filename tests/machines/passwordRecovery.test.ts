import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { passwordRecoveryMachine, type ResetRequestInput } from '../../machines/passwordRecovery.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

function start(token: string | null) {
  const mails: { email: string }[] = [];
  const resets: ResetRequestInput[] = [];
  const answers: Deferred<void>[] = [];
  const pending = () => {
    const answer = deferred<void>();
    answers.push(answer);
    return answer.promise;
  };
  const machine = passwordRecoveryMachine.provide({
    actors: {
      requestMail: fromPromise<void, { email: string }>(({ input }) => {
        mails.push(input);
        return pending();
      }),
      resetPassword: fromPromise<void, ResetRequestInput>(({ input }) => {
        resets.push(input);
        return pending();
      }),
    },
  });
  return { actor: startMachine(machine, { input: { token } }), mails, resets, answers };
}

describe('start', () => {
  it('asks for an e-mail without a token', () => {
    expect(start(null).actor.getSnapshot().value).toEqual({ request: 'editing' });
  });

  it('asks for a new password with a token', () => {
    expect(start('tok').actor.getSnapshot().value).toEqual({ reset: 'editing' });
  });
});

describe('request.editing', () => {
  it('requires the e-mail, then sends it lowercased', () => {
    const { actor, mails } = start(null);
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'required' } });
    actor.send({ type: 'field.changed', name: 'email', value: ' Me@Example.com' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toEqual({ request: 'submitting' });
    expect(mails).toEqual([{ email: 'me@example.com' }]);
  });
});

describe('request.editing with a malformed e-mail', () => {
  it('refuses it by the shared e-mail rule and sends nothing', () => {
    const { actor, mails } = start(null);
    actor.send({ type: 'field.changed', name: 'email', value: 'me@localhost' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'email_domain' } });
    expect(actor.getSnapshot().value).toEqual({ request: 'editing' });
    expect(mails).toEqual([]);
  });
});

describe('request.submitting', () => {
  it('ends with "check your mail"', async () => {
    const { actor, answers } = start(null);
    actor.send({ type: 'field.changed', name: 'email', value: 'me@example.com' });
    actor.send({ type: 'submit' });
    answers[0]!.resolve();
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
  });

  it('shows the server error under the e-mail', async () => {
    const { actor, answers } = start(null);
    actor.send({ type: 'field.changed', name: 'email', value: 'nobody@example.com' });
    actor.send({ type: 'submit' });
    answers[0]!.reject({ email: ['No such account'] });
    await waitFor(actor, (s) => s.matches({ request: 'editing' }));
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'server', message: 'No such account' } });
  });
});

describe('reset.editing', () => {
  it('requires both passwords, equal, then sends them with the token', () => {
    const { actor, resets } = start('tok');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      password: { code: 'required' },
      passwordConfirm: { code: 'required' },
    });
    actor.send({ type: 'field.changed', name: 'password', value: 'new-secret' });
    actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'new-secreT' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ passwordConfirm: { code: 'mismatch' } });
    actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'new-secret' });
    actor.send({ type: 'submit' });
    expect(resets).toEqual([{ token: 'tok', password: 'new-secret', passwordConfirm: 'new-secret' }]);
  });
});

describe('reset.submitting', () => {
  function submitted() {
    const started = start('tok');
    started.actor.send({ type: 'field.changed', name: 'password', value: 'new-secret' });
    started.actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'new-secret' });
    started.actor.send({ type: 'submit' });
    return started;
  }

  it('ends done', async () => {
    const { actor, answers } = submitted();
    answers[0]!.resolve();
    await waitFor(actor, (s) => s.matches({ reset: 'done' }));
  });

  it('shows an expired link as a general error', async () => {
    const { actor, answers } = submitted();
    answers[0]!.reject({ detail: 'The link has expired' });
    await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: 'server', message: 'The link has expired' } });
  });
});

describe('passwordRecovery: sending, resending and the end', () => {
  it('asking for the mail is busy and clears the previous answer', async () => {
    const { actor, answers } = start(null);
    actor.send({ type: 'field.changed', name: 'email', value: 'me@example.com' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    answers[0]!.reject({ detail: 'Try later.' });
    await waitFor(actor, (s) => s.matches({ request: 'editing' }));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
    answers[1]!.resolve();
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
  });

  it('setting the password is busy and clears the previous answer', async () => {
    const { actor, answers } = start('tok');
    actor.send({ type: 'field.changed', name: 'password', value: 'new-secret' });
    actor.send({ type: 'field.changed', name: 'passwordConfirm', value: 'new-secret' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    answers[0]!.reject({ detail: 'Try later.' });
    await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
    answers[1]!.resolve();
    await waitFor(actor, (s) => s.matches({ reset: 'done' }));
  });
});
