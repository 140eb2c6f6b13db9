import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralBalance, Withdrawal, WithdrawalRequest } from '../../../src/api/schemas/user.ts';
import { WithdrawalForm } from '../../../src/components/account/WithdrawalForm.tsx';
import { renderWithI18n } from '../render.tsx';

// The network edge only: the form, its machine and the actor binding are the real ones.
const createWithdrawal = vi.fn<(request: WithdrawalRequest) => Promise<Withdrawal>>();
vi.mock('../../../src/api/referral.ts', () => ({ createWithdrawal: (request: WithdrawalRequest) => createWithdrawal(request) }));

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

function renderForm(locale: 'ru' | 'en' = 'ru') {
  const onCreated = vi.fn();
  renderWithI18n(<WithdrawalForm balance={balance} onCreated={onCreated} />, { locale });
  return onCreated;
}

describe('WithdrawalForm', () => {
  it('refuses an amount above the balance under the field, without a call, and clears it on edit', async () => {
    renderForm();
    const amount = screen.getByLabelText(/Сумма, RUB/);
    await userEvent.type(amount, '1251.26');
    await userEvent.type(screen.getByLabelText(/Реквизиты/), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать вывод' }));
    expect(screen.getByText('Сумма больше вашего баланса.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(createWithdrawal).not.toHaveBeenCalled();
    await userEvent.type(amount, '{backspace}');
    expect(screen.queryByText('Сумма больше вашего баланса.')).not.toBeInTheDocument();
  });

  it('creates the request, says so, and tells the page', async () => {
    createWithdrawal.mockResolvedValue({ id: 1, amount: '600.00', requisites: 'card', status: 'pending', createdAt: '2026-11-21T10:00:00Z' });
    const onCreated = renderForm('en');
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), '600');
    await userEvent.type(screen.getByLabelText(/Payment details/), ' 4111 1111 1111 1111 ');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Withdrawal request has been successfully created')).toBeInTheDocument();
    expect(createWithdrawal).toHaveBeenCalledWith({ amount: '600', requisites: '4111 1111 1111 1111' });
    expect(onCreated).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'New request' }));
    expect(screen.getByLabelText(/Amount, RUB/)).toHaveValue('');
  });

  it('shows the server’s field error under its field', async () => {
    const { HTTPError } = await import('ky');
    const response = new Response(null, { status: 400 });
    const request = new Request('http://localhost/api/v1/users/me/refferal/withdrawal/', { method: 'POST' });
    const error = new HTTPError(response, request, {} as never);
    // ky 2 puts the parsed error body on `data`.
    error.data = { requisites: ['Enter the card or wallet to pay to.'] };
    createWithdrawal.mockRejectedValue(error);
    renderForm('en');
    await userEvent.type(screen.getByLabelText(/Amount, RUB/), '600');
    await userEvent.type(screen.getByLabelText(/Payment details/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Enter the card or wallet to pay to.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Payment details/)).toHaveAttribute('aria-invalid', 'true');
  });
});
