import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { passwordChangeMachine, PASSWORD_CODES, type PasswordChangeRequest } from '../../machines/passwordChange.ts';
import { startMachine } from './harness.ts';

function start(change: (input: PasswordChangeRequest) => Promise<void> = async () => undefined) {
  const calls: PasswordChangeRequest[] = [];
  const machine = passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<void, PasswordChangeRequest>(async ({ input }) => {
        calls.push(input);
        return change(input);
      }),
    },
  });
  return { actor: startMachine(machine), calls };
}

type Actor = ReturnType<typeof start>['actor'];

function fill(actor: Actor, current: string, password: string, confirm: string) {
  actor.send({ type: 'field.changed', field: 'currentPassword', value: current });
  actor.send({ type: 'field.changed', field: 'password', value: password });
  actor.send({ type: 'field.changed', field: 'passwordConfirm', value: confirm });
}

describe('editing', () => {
  it('starts empty', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ currentPassword: '', password: '', passwordConfirm: '', errors: {} });
  });

  it('clears only the edited field error and the general error', async () => {
    const { actor } = start(async () => {
      throw { currentPassword: ['Wrong password'], password: ['Too short'], detail: 'Nope' };
    });
    fill(actor, 'old-secret', 'new-secret-1', 'new-secret-1');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: { code: 'server', message: 'Wrong password' },
      password: { code: 'server', message: 'Too short' },
      detail: { code: 'server', message: 'Nope' },
    });
    actor.send({ type: 'field.changed', field: 'currentPassword', value: 'old-secret!' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: { code: 'server', message: 'Too short' } });
  });
});

describe('editing: submit checks the form first', () => {
  it('marks every empty field as required', () => {
    const { actor, calls } = start();
    actor.send({ type: 'field.changed', field: 'password', value: 'x' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: { code: PASSWORD_CODES.required },
      password: { code: 'password_rules', broken: ['length', 'digit'] },
      passwordConfirm: { code: PASSWORD_CODES.required },
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses a confirmation that differs', () => {
    const { actor } = start();
    fill(actor, 'old-secret', 'new-secret-1', 'new-secret-2');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ passwordConfirm: { code: PASSWORD_CODES.mismatch } });
  });

  it('names every problem at once: an empty current password, the broken rules and a differing confirmation', () => {
    const { actor, calls } = start();
    fill(actor, '', 'onlyletters', 'onlyletterz');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: { code: PASSWORD_CODES.required },
      password: { code: 'password_rules', broken: ['digit'] },
      passwordConfirm: { code: PASSWORD_CODES.mismatch },
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses a new password equal to the current one', () => {
    const { actor } = start();
    fill(actor, 'same-secret-1', 'same-secret-1', 'same-secret-1');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: { code: PASSWORD_CODES.sameAsCurrent } });
  });
});

describe('submitting', () => {
  it('sends the three fields and forgets them when done', async () => {
    const { actor, calls } = start();
    fill(actor, 'old-secret', 'new-secret-1', 'new-secret-1');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([{ currentPassword: 'old-secret', password: 'new-secret-1', passwordConfirm: 'new-secret-1' }]);
    expect(actor.getSnapshot().context).toEqual({ currentPassword: '', password: '', passwordConfirm: '', errors: {} });
  });

  it('returns to editing with the error code when the call fails without a body', async () => {
    const { actor } = start(async () => {
      throw { code: 'http_500' };
    });
    fill(actor, 'old-secret', 'new-secret-1', 'new-secret-1');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: 'unknown' } });
    expect(actor.getSnapshot().context.password).toBe('new-secret-1');
  });
});

describe('done', () => {
  async function doneActor() {
    const started = start();
    fill(started.actor, 'old-secret', 'new-secret-1', 'new-secret-1');
    started.actor.send({ type: 'submit' });
    await waitFor(started.actor, (s) => s.matches('done'));
    return started.actor;
  }

  it('goes back to editing when a field is typed in', async () => {
    const actor = await doneActor();
    actor.send({ type: 'field.changed', field: 'currentPassword', value: 'n' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.currentPassword).toBe('n');
  });

  it('goes back to editing on reset', async () => {
    const actor = await doneActor();
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('passwordChange: a resend', () => {
  it('clears the previous answer while the new one is awaited', async () => {
    let answer: Promise<void> = Promise.reject({ detail: 'Try later' });
    const { actor } = start(() => answer);
    fill(actor, 'old-secret', 'new-secret-1', 'new-secret-1');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    answer = new Promise(() => {});
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
