// The activation page through its flow's seam: the app's activation wiring with only the call replaced, provided
// through ActivationProvider (no module mocking); checked by what the user sees, which token was sent and what
// was logged for support.
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import ActivatePage from '../../../../src/pages/auth/ActivatePage.tsx';
import { ActivationProvider } from '../../../../src/flows/activation.ts';
import { wiredActivationMachine } from '../../../../src/wiring/activation.ts';
import { renderWithI18n } from '../../render.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { fakeSession, withSession } from '../../auth/sessionFixture.tsx';

/** The call as the machine sees it: the server's `{detail}`, or a refusal as its error body. */
const activate = vi.fn<(token: string) => Promise<unknown>>();
const fakeActivation = (token: string) =>
  wiredActivationMachine(token).provide({ actors: { send: fromPromise<unknown>(() => activate(token)) } });

/** The page under the provider, with a way to mount it afresh as a back-and-forth would. */
function RemountablePage() {
  const [mount, setMount] = useState(0);
  return (
    <>
      <button onClick={() => setMount((n) => n + 1)}>Mount again</button>
      <Route key={mount} path="/en/activate/:token">
        <ActivatePage />
      </Route>
    </>
  );
}

function renderActivation(path: string) {
  const { actor } = fakeSession();
  const page: ReactElement = (
    <ActivationProvider logic={fakeActivation}>
      <RemountablePage />
    </ActivationProvider>
  );
  return renderWithI18n(withSession(page, actor), { locale: 'en', path });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  activate.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('ActivatePage', () => {
  it('activates at once and says so', async () => {
    activate.mockResolvedValue({ detail: 'Account successfully activated' });
    renderActivation('/en/activate/good-token');
    expect(await screen.findByText('Account successfully activated')).toBeInTheDocument();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate).toHaveBeenCalledWith('good-token');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login');
  });

  it('shows the server’s refusal of a bad link with the advice to get a new one, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = { detail: 'The activation link is invalid or has expired.' };
    activate.mockRejectedValue(refusal);
    renderActivation('/en/activate/old-token');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activation link is invalid or has expired.');
    expect(alert).toHaveTextContent('ask for a new link on your account page');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login');
    expect(screen.queryByRole('heading', { name: '400' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('account activation failed', refusal));
    logged.mockRestore();
  });

  it('offers to try again when the activation failed without an answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    activate.mockRejectedValueOnce({ code: 'network_error' }).mockResolvedValueOnce({ detail: 'Account successfully activated' });
    renderActivation('/en/activate/slow-token');
    expect(await screen.findByText('The account could not be activated right now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Account successfully activated')).toBeInTheDocument();
    expect(activate).toHaveBeenCalledTimes(2);
    expect(activate).toHaveBeenLastCalledWith('slow-token');
    logged.mockRestore();
  });

  it.each([
    ['en', '/en/activate/:token', '/en/activate/mailed-token', '/en/activate/opened', 'Account successfully activated'],
    ['ru', '/activate/:token', '/activate/mailed-token', '/activate/opened', 'Аккаунт успешно активирован'],
  ] as const)('takes the token out of the address bar as soon as it is read (%s)', async (locale, pattern, path, shown, done) => {
    activate.mockResolvedValue({ detail: done });
    const { actor } = fakeSession();
    const page = (
      <ActivationProvider logic={fakeActivation}>
        <Route path={pattern}>
          <ActivatePage />
        </Route>
      </ActivationProvider>
    );
    const { location } = renderWithI18n(withSession(page, actor), { locale, path });
    await waitFor(() => expect(location.history.at(-1)).toBe(shown));
    // Replaced, not pushed: the history holds no address with the token either.
    expect(location.history).toEqual([shown]);
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate).toHaveBeenCalledWith('mailed-token');
  });

  it('keeps one call per link when the page is mounted again', async () => {
    activate.mockResolvedValue({ detail: 'Account successfully activated' });
    renderActivation('/en/activate/once-token');
    const shown = await screen.findByText('Account successfully activated');
    await userEvent.click(screen.getByRole('button', { name: 'Mount again' }));
    expect(shown).not.toBeInTheDocument();
    expect(await screen.findByText('Account successfully activated')).toBeInTheDocument();
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
