import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { withdrawalMachine, WITHDRAWAL_CODES, type WithdrawalEvent } from '../../machines/withdrawal.ts';
import type { Withdrawal, WithdrawalRequest } from '../../src/api/schemas/user.ts';
import { startMachine } from './harness.ts';

const created: Withdrawal = {
  id: 7,
  amount: '150.5',
  requisites: '4276 0000 0000 0006',
  status: 'pending',
  createdAt: '2026-11-21T09:00:00Z',
};

function start(submit: (input: WithdrawalRequest) => Promise<Withdrawal> = async () => created, minWithdrawal: string | null = '100') {
  const calls: WithdrawalRequest[] = [];
  const announced: number[] = [];
  const machine = withdrawalMachine.provide({
    actors: {
      submitWithdrawal: fromPromise<Withdrawal, WithdrawalRequest>(async ({ input }) => {
        calls.push(input);
        return submit(input);
      }),
    },
    actions: { announceCreated: (_, { withdrawal }) => void announced.push(withdrawal.id) },
  });
  const actor = startMachine(machine, { input: { balance: '1000.00', minWithdrawal } });
  return { actor, calls, announced };
}

function fill(actor: ReturnType<typeof start>['actor'], amount: string, requisites = '4276 0000 0000 0006') {
  actor.send({ type: 'amount.changed', value: amount });
  actor.send({ type: 'requisites.changed', value: requisites });
}

describe('editing', () => {
  it('starts empty with the given balance', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', requisites: '', balance: '1000.00', minWithdrawal: '100', errors: {} });
  });

  it('keeps the typed amount and requisites', () => {
    const { actor } = start();
    fill(actor, '150,5', ' card ');
    expect(actor.getSnapshot().context).toMatchObject({ amount: '150,5', requisites: ' card ' });
  });

  it('takes a new balance at any time, keeping the minimum when none is given', () => {
    const { actor } = start();
    actor.send({ type: 'balance.updated', balance: '20.00' });
    expect(actor.getSnapshot().context).toMatchObject({ balance: '20.00', minWithdrawal: '100' });
    actor.send({ type: 'balance.updated', balance: '30.00', minWithdrawal: null });
    expect(actor.getSnapshot().context).toMatchObject({ balance: '30.00', minWithdrawal: null });
  });

  it("takes the page's balance from the app's watcher while the form runs, and stops it with the form", () => {
    let tell: (event: WithdrawalEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = withdrawalMachine.provide({
      actors: {
        watchBalance: fromCallback<WithdrawalEvent>(({ sendBack }) => {
          tell = sendBack;
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine, { input: { balance: '1000.00', minWithdrawal: '100' } });
    tell({ type: 'balance.updated', balance: '900.00', minWithdrawal: '50' });
    expect(actor.getSnapshot().context).toMatchObject({ balance: '900.00', minWithdrawal: '50' });
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('clears the error of the edited field and the general error only', async () => {
    const { actor } = start(async () => {
      throw { amount: ['Too much'], requisites: ['Bad card'], detail: 'Try later' };
    });
    fill(actor, '200');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    actor.send({ type: 'amount.changed', value: '201' });
    expect(actor.getSnapshot().context.errors).toEqual({ requisites: { code: 'server', message: 'Bad card' } });
    actor.send({ type: 'requisites.changed', value: '4276' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('editing: submit checks the form first', () => {
  it('refuses an amount that is not a number', () => {
    const { actor, calls } = start();
    fill(actor, 'abc');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { code: WITHDRAWAL_CODES.amountNotNumber } });
    expect(calls).toHaveLength(0);
  });

  it('refuses zero', () => {
    const { actor } = start();
    fill(actor, '0');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { code: WITHDRAWAL_CODES.amountInvalid } });
  });

  it('refuses more than the balance, compared as decimals', () => {
    const { actor, calls } = start();
    fill(actor, '1000.01');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { code: WITHDRAWAL_CODES.amountAboveBalance } });
    expect(calls).toHaveLength(0);
  });

  it('refuses less than the minimum withdrawal', () => {
    const { actor } = start();
    fill(actor, '99.99');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { code: WITHDRAWAL_CODES.amountBelowMinimum } });
  });

  it('needs requisites', () => {
    const { actor } = start();
    fill(actor, '100', '   ');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ requisites: { code: WITHDRAWAL_CODES.requisitesRequired } });
  });

  it('reports every field problem at once', () => {
    const { actor } = start();
    fill(actor, 'abc', '');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: { code: WITHDRAWAL_CODES.amountNotNumber },
      requisites: { code: WITHDRAWAL_CODES.requisitesRequired },
    });
  });

  it('sends exactly the whole balance, normalised and trimmed', async () => {
    const { actor, calls } = start(undefined, null);
    fill(actor, '1 000,00', '  4276 0000 0000 0006 ');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual([{ amount: '1000', requisites: '4276 0000 0000 0006' }]);
  });
});

describe('submitting', () => {
  it('shows the created request on success and announces it once', async () => {
    const { actor, announced } = start();
    fill(actor, '150.5');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(announced).toEqual([]);
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.created).toEqual(created);
    expect(announced).toEqual([7]);
  });

  it('shows the first message of each server field error', async () => {
    const { actor } = start(async () => {
      throw { amount: ['Not enough money on the balance', 'second'], non_field_errors: ['Limit'] };
    });
    fill(actor, '150');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: { code: 'server', message: 'Not enough money on the balance' },
      detail: { code: 'server', message: 'Limit' },
    });
  });

  it('falls back to the error code when the body names no field', async () => {
    const { actor } = start(async () => {
      throw { code: 'network_error' };
    });
    fill(actor, '150');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: 'network_error' } });
  });
});

describe('success', () => {
  it('starts a new request on reset', async () => {
    const { actor } = start();
    fill(actor, '150');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'amount.changed', value: '5' });
    expect(actor.getSnapshot().context.amount).toBe('150');
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', requisites: '', created: null, errors: {} });
  });
});

describe('withdrawal: what a correction or a resend clears', () => {
  it('editing the requisites first clears their error and the general one, not the amount error', async () => {
    const { actor } = start(async () => {
      throw { amount: ['Too much'], requisites: ['Bad card'], detail: 'Try later' };
    });
    fill(actor, '200');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    actor.send({ type: 'requisites.changed', value: '4276 0000 0000 0014' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { code: 'server', message: 'Too much' } });
  });

  it('sending again clears the previous answer while the new one is awaited', async () => {
    let answer: Promise<Withdrawal> = Promise.reject({ detail: 'Try later' });
    const { actor } = start(() => answer);
    fill(actor, '200');
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    answer = new Promise(() => {});
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
