import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { LoginForm } from '../../../src/components/auth/LoginForm.tsx';
import { login } from '../../../src/api/auth.ts';
import { fullRedirect } from '../../../src/app/wiring/redirect.ts';
import type * as Redirect from '../../../src/app/wiring/redirect.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { demoUser, fakeSession, withSession } from './sessionFixture.tsx';

vi.mock('../../../src/api/auth.ts', () => ({ login: vi.fn() }));
vi.mock('../../../src/app/wiring/redirect.ts', async (original) => ({
  ...(await original<typeof Redirect>()),
  fullRedirect: vi.fn(),
}));

const loginCall = vi.mocked(login);
const redirect = vi.mocked(fullRedirect);

function renderForm(path = '/en/login') {
  const session = fakeSession({ user: demoUser, signedIn: false });
  const view = renderWithI18n(withSession(<LoginForm />, session.actor), { locale: path.startsWith('/en') ? 'en' : 'ru', path });
  return { ...view, session };
}

/** The error a failed ky call carries, as the server would answer. */
function badRequest(body: object): HTTPError {
  const response = new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
  const error = new HTTPError(response, new Request('http://localhost/front-api/auth/login/'), {} as never);
  error.data = body;
  return error;
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
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(loginCall).not.toHaveBeenCalled();
  });

  it('submits with Enter, lowercases the e-mail, keeps remember-me out of the body, and leaves for the orders', async () => {
    loginCall.mockResolvedValue('access-1');
    const { session } = renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'Demo@Example.TEST');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass{Enter}');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/account/orders'));
    expect(loginCall).toHaveBeenCalledTimes(1);
    expect(loginCall).toHaveBeenCalledWith({ email: 'demo@example.test', password: 'secret-pass' }, 'en', true);
    await waitFor(() => expect(session.actor.getSnapshot().value).toBe('signedIn'));
    expect(session.actor.getSnapshot().context.accessToken).toBe('access-1');
  });

  it('blocks a second submit while the first is on its way', async () => {
    loginCall.mockReturnValue(new Promise(() => {}));
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'demo@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    const button = screen.getByRole('button', { name: 'Log in' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Password/), '{Enter}');
    expect(loginCall).toHaveBeenCalledTimes(1);
  });

  it('shows the detail above the form and field errors under the fields, each cleared by editing', async () => {
    loginCall.mockRejectedValue(badRequest({ detail: 'No active account', email: ['Unknown e-mail'], password: ['Too short', 'x'] }));
    renderForm();
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'demo@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account');
    expect(screen.getByText('Unknown e-mail')).toBeInTheDocument();
    expect(screen.getByText('Too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'x');
    expect(screen.queryByText('Unknown e-mail')).toBeNull();
    expect(screen.getByText('Too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Too short')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('No active account');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('speaks Russian and links to recovery and registration', async () => {
    renderForm('/login');
    expect(await screen.findByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/forget');
    expect(screen.getByRole('link', { name: 'Нет аккаунта?' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });
});
