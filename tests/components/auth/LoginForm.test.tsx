// The sign-in form through its flow's seam: the real login machine with a fake call and a fake page load provided
// through LoginProvider (no module mocking), bound to a real session machine; checked by what the user sees, what
// the call was given and where the session stands when the page is left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { loginMachine, type LoginAttempt } from '../../../machines/login.ts';
import type { sessionMachine } from '../../../machines/session.ts';
import { LoginForm } from '../../../src/components/auth/LoginForm.tsx';
import { LoginProvider } from '../../../src/flows/login.tsx';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { demoUser, fakeSession, withSession } from './sessionFixture.tsx';

/** The call as the machine sees it: the access token, or a refusal as the server's error body. */
const loginCall = vi.fn<(attempt: LoginAttempt) => Promise<string>>();
/** The full page load after a sign-in, given the session as it stood at that moment. */
const redirect = vi.fn<(session: SnapshotFrom<typeof sessionMachine>) => void>();

function renderForm(path = '/en/login') {
  const session = fakeSession({ user: demoUser, signedIn: false });
  const fakeLogin = loginMachine.provide({
    actors: { login: fromPromise<string, LoginAttempt>(({ input }) => loginCall(input)) },
    actions: { redirectToAccount: () => redirect(session.actor.getSnapshot()) },
  });
  const form = (
    <LoginProvider logic={fakeLogin}>
      <LoginForm />
    </LoginProvider>
  );
  const view = renderWithI18n(withSession(form, session.actor), { locale: path.startsWith('/en') ? 'en' : 'ru', path });
  return { ...view, session };
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  loginCall.mockReset();
  redirect.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('names the empty fields and sends nothing', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(loginCall).not.toHaveBeenCalled();
  });

  it('submits with Enter, lowercases the e-mail, keeps remember-me out of the body, and leaves once the session has the token', async () => {
    loginCall.mockResolvedValue('access-1');
    const { session } = renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'Demo@Example.TEST');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass{Enter}');
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(loginCall).toHaveBeenCalledTimes(1);
    expect(loginCall).toHaveBeenCalledWith({ request: { email: 'demo@example.test', password: 'secret-pass' }, remember: true });
    // The session holds the new token before the page is left.
    expect(redirect.mock.calls[0]![0].context.accessToken).toBe('access-1');
    await waitFor(() => expect(session.actor.getSnapshot().value).toBe('signedIn'));
    expect(session.actor.getSnapshot().context.accessToken).toBe('access-1');
  });

  it('blocks a second submit while the first is on its way', async () => {
    loginCall.mockReturnValue(new Promise(() => {}));
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'demo@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Password/), '{Enter}');
    expect(loginCall).toHaveBeenCalledTimes(1);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('shows the detail above the form and field errors under the fields, each cleared by editing', async () => {
    loginCall.mockRejectedValue({ detail: 'No active account', email: ['Unknown e-mail'], password: ['Too short', 'x'] });
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'demo@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account');
    expect(screen.getByText('Unknown e-mail')).toBeInTheDocument();
    expect(screen.getByText('Too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'x');
    expect(screen.queryByText('Unknown e-mail')).toBeNull();
    expect(screen.getByText('Too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Too short')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('No active account');
    expect(loginCall).toHaveBeenCalledWith({ request: { email: 'demo@example.test', password: 'secret-pass' }, remember: false });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('speaks Russian and links to recovery and registration', async () => {
    renderForm('/login');
    expect(await screen.findByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/forget');
    expect(screen.getByRole('link', { name: 'Нет аккаунта?' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });
});
