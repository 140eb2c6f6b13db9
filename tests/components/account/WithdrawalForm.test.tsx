// The withdrawal form through its flow's seam: the real withdrawal machine with a fake call provided through
// WithdrawalProvider (no module mocking), checked by what the user sees and what the call was given.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../machines/resourceLoad.ts';
import { withdrawalMachine } from '../../../machines/withdrawal.ts';
import type { ReferralBalance, Withdrawal, WithdrawalRequest } from '../../../src/api/schemas/user.ts';
import { WithdrawalForm } from '../../../src/components/account/WithdrawalForm.tsx';
import { WithdrawalProvider } from '../../../src/flows/withdrawal.ts';
import { renderWithI18n } from '../render.tsx';

/** The call as the machine sees it: a refusal arrives as the server's error body. */
const createWithdrawal = vi.fn<(request: WithdrawalRequest) => Promise<Withdrawal>>();
const fakeWithdrawal = withdrawalMachine.provide({
  actors: { submitWithdrawal: fromPromise<Withdrawal, WithdrawalRequest>(({ input }) => createWithdrawal(input)) },
});

const balance: ReferralBalance = {
  balance: '1251.25',
  unit: 'RUB',
  percent: '0.4',
  minWithdrawal: '500',
  referralCode: 'ABC',
  invited: 2,
};

beforeEach(() => {
  createWithdrawal.mockReset();
});

/** The page's balance loader, holding the balance it loaded; a reload answers `reloaded`. */
function loaderOf(reloaded: ReferralBalance = balance) {
  const loader = resourceLoadMachine.provide({ actors: { fetchResource: fromPromise<unknown, ResourceParams>(async () => reloaded) } });
  return createActor(loader, { input: { preloaded: balance } }).start();
}

function renderForm(locale: 'ru' | 'en' = 'ru', balanceLoader = loaderOf()) {
  const onCreated = vi.fn();
  renderWithI18n(
    <WithdrawalProvider logic={fakeWithdrawal}>
      <WithdrawalForm balance={balance} balanceLoader={balanceLoader} onCreated={onCreated} />
    </WithdrawalProvider>,
    { locale },
  );
  return onCreated;
}

describe('WithdrawalForm', () => {
  it('refuses an amount above the balance under the field, without a call, and clears it on edit', async () => {
    const onCreated = renderForm();
    const amount = screen.getByLabelText(/Сумма, RUB/);
    await userEvent.type(amount, '1251.26');
    await userEvent.type(screen.getByLabelText(/Реквизиты/), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать вывод' }));
    expect(screen.getByText('Сумма больше вашего баланса.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(createWithdrawal).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    await userEvent.type(amount, '{backspace}');
    expect(screen.queryByText('Сумма больше вашего баланса.')).not.toBeInTheDocument();
  });

  it('says "enter a number" for letters and flags every field at once, in both languages', async () => {
    renderForm('en');
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByText('Enter a number, such as 1500 or 0.25.')).toBeInTheDocument();
    expect(screen.getByText('Enter where to send the money.')).toBeInTheDocument();
    expect(createWithdrawal).not.toHaveBeenCalled();
    cleanup();
    renderForm('ru');
    await userEvent.type(screen.getByLabelText(/Сумма, RUB/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать вывод' }));
    expect(screen.getByText('Введите число, например 1500 или 0,25.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Реквизиты/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the request, says so, and tells the page', async () => {
    createWithdrawal.mockResolvedValue({ id: 1, amount: '600.00', requisites: 'card', status: 'pending', createdAt: '2026-11-21T10:00:00Z' });
    const onCreated = renderForm('en');
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), '600');
    await userEvent.type(screen.getByLabelText(/Payment details/), ' 4111 1111 1111 1111 ');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Withdrawal request has been successfully created')).toBeInTheDocument();
    expect(createWithdrawal).toHaveBeenCalledTimes(1);
    expect(createWithdrawal).toHaveBeenCalledWith({ amount: '600', requisites: '4111 1111 1111 1111' });
    expect(onCreated).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'New request' }));
    expect(screen.getByLabelText(/Amount, RUB/)).toHaveValue('');
  });

  it('shows the server’s field error under its field', async () => {
    createWithdrawal.mockRejectedValue({ requisites: ['Enter the card or wallet to pay to.'] });
    const onCreated = renderForm('en');
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), '600');
    await userEvent.type(screen.getByLabelText(/Payment details/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Enter the card or wallet to pay to.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Payment details/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Amount, RUB/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(createWithdrawal).toHaveBeenCalledWith({ amount: '600', requisites: 'abc' });
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('checks the amount against the balance the page has just reloaded', async () => {
    const balanceLoader = loaderOf({ ...balance, balance: '100.00', minWithdrawal: '50' });
    renderForm('en', balanceLoader);
    balanceLoader.send({ type: 'reload' });
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), '600');
    await userEvent.type(screen.getByLabelText(/Payment details/), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The amount is more than your balance.')).toBeInTheDocument();
    expect(createWithdrawal).not.toHaveBeenCalled();
  });
});
