// "Send the activation e-mail again" after sign-up, through its flow's seam: the real request machine with a fake
// call handed in through ActivationResendProvider, in both languages.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../machines/request.ts';
import { ActivationResend } from '../../../src/components/auth/ActivationResend.tsx';
import { ActivationResendProvider } from '../../../src/flows/activationResend.ts';
import { renderWithI18n } from '../render.tsx';

const resend = vi.fn<(payload: unknown) => Promise<unknown>>();
const fakeResend = requestMachine.provide({ actors: { send: fromPromise<unknown, unknown>(({ input }) => resend(input)) } });

function renderResend(locale: 'ru' | 'en') {
  return renderWithI18n(
    <ActivationResendProvider logic={fakeResend}>
      <ActivationResend email="new@example.test" />
    </ActivationResendProvider>,
    { locale },
  );
}

beforeEach(() => resend.mockReset());

describe('ActivationResend', () => {
  it('sends the address just registered and shows the server’s answer (en)', async () => {
    resend.mockResolvedValue({ detail: 'If an account with this e-mail is waiting for activation, we have sent it a new link.' });
    renderResend('en');
    expect(screen.getByText(/No e-mail after a few minutes\? Check the spam folder/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the activation e-mail again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('we have sent it a new link');
    expect(resend).toHaveBeenCalledWith({ email: 'new@example.test' });
    expect(screen.queryByRole('button', { name: 'Send the activation e-mail again' })).toBeNull();
  });

  it('says why it failed and lets the visitor try again (ru)', async () => {
    resend.mockRejectedValueOnce({ detail: 'Слишком много запросов. Повторите через 60 с.' });
    resend.mockResolvedValueOnce({});
    renderResend('ru');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить письмо для активации ещё раз' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много запросов. Повторите через 60 с.');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить письмо для активации ещё раз' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Мы отправили письмо для активации ещё раз.');
    expect(resend).toHaveBeenCalledTimes(2);
  });
});
