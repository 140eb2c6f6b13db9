// The password recovery form through its flow's seam: the real passwordRecovery machine with fake calls provided
// through PasswordRecoveryProvider (no module mocking), checked by what the user sees and what each call was given.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { passwordRecoveryMachine, type ResetRequestInput } from '../../../machines/passwordRecovery.ts';
import { PasswordRecoveryForm } from '../../../src/components/auth/PasswordRecoveryForm.tsx';
import { PasswordRecoveryProvider } from '../../../src/flows/passwordRecovery.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from '../layout/fakeSettings.ts';
import { fakeSession, withSession } from './sessionFixture.tsx';

/** The calls as the machine sees them: a refusal arrives as the server's error body. */
const restore = vi.fn<(email: string) => Promise<void>>();
const reset = vi.fn<(request: ResetRequestInput) => Promise<void>>();
const fakeRecovery = passwordRecoveryMachine.provide({
  actors: {
    requestMail: fromPromise<void, { email: string }>(({ input }) => restore(input.email)),
    resetPassword: fromPromise<void, ResetRequestInput>(({ input }) => reset(input)),
  },
});

function renderForm(token: string | null, path: string) {
  const { actor } = fakeSession();
  const form = (
    <PasswordRecoveryProvider logic={fakeRecovery}>
      <PasswordRecoveryForm token={token} />
    </PasswordRecoveryProvider>
  );
  return renderWithI18n(withSession(form, actor), { locale: path.startsWith('/en') ? 'en' : 'ru', path });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  restore.mockReset();
  reset.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('PasswordRecoveryForm', () => {
  it('asks for the link by e-mail', async () => {
    restore.mockResolvedValue(undefined);
    renderForm(null, '/forget');
    await userEvent.type(await screen.findByLabelText(/^E-mail/), 'me@example.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Проверьте почту');
    expect(restore).toHaveBeenCalledTimes(1);
    expect(restore).toHaveBeenCalledWith('me@example.test');
    expect(reset).not.toHaveBeenCalled();
  });

  it('sets the new password from the link, then offers to sign in', async () => {
    reset.mockResolvedValue(undefined);
    renderForm('tok-123', '/en/recover?token=tok-123');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'new-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledWith({ token: 'tok-123', password: 'new-secret', passwordConfirm: 'new-secret' });
    expect(restore).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a stale link and keeps the form', async () => {
    reset.mockRejectedValue({ detail: 'The link is invalid or has expired.' });
    renderForm('tok-old', '/en/recover?token=tok-old');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'new-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is invalid or has expired.');
    expect(screen.queryByText('Your password has been changed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the new password' })).toBeInTheDocument();
  });
});
