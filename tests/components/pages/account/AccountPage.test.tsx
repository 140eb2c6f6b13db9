// The account page's "send the activation e-mail again" through its flow's seam: the real request machine with a
// fake call provided through ReactivationProvider (no module mocking).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../../machines/request.ts';
import { ReactivationProvider } from '../../../../src/flows/reactivation.ts';
import AccountPage from '../../../../src/pages/account/AccountPage.tsx';
import { demoUser, fakeSession, withSession } from '../../auth/sessionFixture.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { renderWithI18n } from '../../render.tsx';

/** The call answers from `answers` in turn: a body, or a thrown error body. */
function renderPage(answers: { ok: boolean; body: unknown }[], activated = false) {
  let calls = 0;
  const logic = requestMachine.provide({
    actors: {
      send: fromPromise<unknown>(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls += 1;
        if (!answer.ok) throw answer.body;
        return answer.body;
      }),
    },
    actions: { logFailure: () => undefined },
  });
  const { actor } = fakeSession({ user: { ...demoUser, activated } });
  renderWithI18n(
    withSession(
      <ReactivationProvider logic={logic}>
        <AccountPage />
      </ReactivationProvider>,
      actor,
    ),
    { locale: 'en', path: '/en/account' },
  );
  return { calls: () => calls };
}

const resend = () => screen.findByRole('button', { name: 'Send the activation e-mail again' });

beforeEach(() => serveSettings(settings({ contest: null, contestStatus: false })));
afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('sends the activation e-mail again on request and shows the server’s word', async () => {
    const { calls } = renderPage([{ ok: true, body: { detail: 'The e-mail is on its way.' } }]);
    expect(calls()).toBe(0);
    await userEvent.click(await resend());
    expect(await screen.findByRole('status')).toHaveTextContent('The e-mail is on its way.');
    expect(calls()).toBe(1);
  });

  it('says why the mail was not sent, and tries again', async () => {
    const { calls } = renderPage([
      { ok: false, body: { detail: 'Too many requests, try in a minute.' } },
      { ok: true, body: {} },
    ]);
    await userEvent.click(await resend());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try in a minute.');
    await userEvent.click(await resend());
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent the activation e-mail again.');
    expect(calls()).toBe(2);
  });

  it('offers nothing to an activated account', async () => {
    renderPage([{ ok: true, body: {} }], true);
    expect(await screen.findByText('Activated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the activation e-mail again' })).toBeNull();
  });
});
