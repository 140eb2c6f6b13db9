// The password reset page takes its mailed token out of the address as soon as it has read it: the history, a
// copied address and the chat or analytics scripts that read the location never hold it, and the form still uses it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { passwordRecoveryMachine, type ResetRequestInput } from '../../../../machines/passwordRecovery.ts';
import RecoverPage from '../../../../src/pages/auth/RecoverPage.tsx';
import { PasswordRecoveryProvider } from '../../../../src/flows/passwordRecovery.ts';
import { renderWithI18n } from '../../render.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { fakeSession, withSession } from '../../auth/sessionFixture.tsx';

const reset = vi.fn<(request: ResetRequestInput) => Promise<void>>();
const fakeRecovery = passwordRecoveryMachine.provide({
  actors: {
    requestMail: fromPromise<void, { email: string }>(() => Promise.resolve()),
    resetPassword: fromPromise<void, ResetRequestInput>(({ input }) => reset(input)),
  },
});

function renderPage(path: string, locale: 'ru' | 'en') {
  const { actor } = fakeSession();
  const page = (
    <PasswordRecoveryProvider logic={fakeRecovery}>
      <RecoverPage />
    </PasswordRecoveryProvider>
  );
  return renderWithI18n(withSession(page, actor), { locale, path });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  reset.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('RecoverPage', () => {
  it.each([
    ['en', '/en/recover?token=tok-123&utm_source=mail', '/en/recover?utm_source=mail', 'New password'],
    ['ru', '/recover?token=tok-123', '/recover', 'Новый пароль'],
  ] as const)('(%s) takes the token out of the address and still sets the password with it', async (locale, path, cleaned, title) => {
    reset.mockResolvedValue(undefined);
    const { location } = renderPage(path, locale);
    await waitFor(() => expect(location.history.at(-1)).toBe(cleaned));
    expect(location.history.join(' ')).not.toContain('tok-123');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(locale === 'en' ? /^New password/ : /^Новый пароль/, { selector: 'input' }), 'new-secret1');
    await userEvent.type(screen.getByLabelText(locale === 'en' ? /^Confirm password/ : /^Повторите пароль/, { selector: 'input' }), 'new-secret1');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ token: 'tok-123', password: 'new-secret1', passwordConfirm: 'new-secret1' }));
  });
});
