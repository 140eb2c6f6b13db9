import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { RegisterForm } from '../../../src/components/auth/RegisterForm.tsx';
import { PasswordRecoveryForm } from '../../../src/components/auth/PasswordRecoveryForm.tsx';
import ActivatePage from '../../../src/pages/auth/ActivatePage.tsx';
import { activate, reset, restore, signup } from '../../../src/api/users.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { fakeSession, withSession } from './sessionFixture.tsx';

vi.mock('../../../src/api/users.ts', () => ({ signup: vi.fn(), restore: vi.fn(), reset: vi.fn(), activate: vi.fn() }));

function renderIn(ui: ReactElement, path = '/en/register') {
  const { actor } = fakeSession();
  return renderWithI18n(withSession(ui, actor), { locale: path.startsWith('/en') ? 'en' : 'ru', path });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  vi.mocked(signup).mockReset();
  vi.mocked(restore).mockReset();
  vi.mocked(reset).mockReset();
  vi.mocked(activate).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm', () => {
  it('checks the passwords and the rules, then tells the user to check their mail', async () => {
    vi.mocked(signup).mockResolvedValue(undefined);
    renderIn(<RegisterForm referral="FRIEND" />);
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'New@Example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-secreT');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the exchange rules.')).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-secret');
    await userEvent.click(screen.getByRole('checkbox', { name: /exchange rules/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent an activation link to New@Example.test');
    expect(signup).toHaveBeenCalledWith({
      email: 'new@example.test',
      password: 'long-secret',
      passwordConfirm: 'long-secret',
      agree: true,
      refferal: 'FRIEND',
    });
  });
});

describe('PasswordRecoveryForm', () => {
  it('asks for the link by e-mail', async () => {
    vi.mocked(restore).mockResolvedValue(undefined);
    renderIn(<PasswordRecoveryForm token={null} />, '/forget');
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'me@example.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Проверьте почту');
    expect(restore).toHaveBeenCalledWith('me@example.test');
  });

  it('sets the new password from the link, then offers to sign in', async () => {
    vi.mocked(reset).mockResolvedValue(undefined);
    renderIn(<PasswordRecoveryForm token="tok-123" />, '/en/recover?token=tok-123');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'new-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith('tok-123', 'new-secret', 'new-secret');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('ActivatePage', () => {
  function renderActivation(path: string) {
    return renderIn(
      <Route path="/en/activate/:token">
        <ActivatePage />
      </Route>,
      path,
    );
  }

  it('activates at once and says so', async () => {
    vi.mocked(activate).mockResolvedValue({ detail: 'Account successfully activated' });
    renderActivation('/en/activate/good-token');
    expect(await screen.findByText('Account successfully activated')).toBeInTheDocument();
    expect(activate).toHaveBeenCalledWith('good-token');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  });

  it('shows the server’s refusal of a bad link with the advice to get a new one, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = Object.assign(new Error('Bad Request'), {
      name: 'HTTPError',
      response: new Response(null, { status: 400 }),
      data: { detail: 'The activation link is invalid or has expired.' },
    });
    vi.mocked(activate).mockRejectedValue(refusal);
    renderActivation('/en/activate/old-token');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activation link is invalid or has expired.');
    expect(alert).toHaveTextContent('ask for a new link on your account page');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
    expect(screen.queryByRole('heading', { name: '400' })).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('account activation failed', expect.anything()));
    logged.mockRestore();
  });

  it('offers to try again when the activation failed without an answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(activate).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ detail: 'Account successfully activated' });
    renderActivation('/en/activate/slow-token');
    expect(await screen.findByText('The account could not be activated right now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Account successfully activated')).toBeInTheDocument();
    logged.mockRestore();
  });
});
