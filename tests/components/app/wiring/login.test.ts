// The sign-in wiring at the network edge: the real call ky makes for the login machine (the interface language and
// remember-me beside the body) and a refusal's body reaching the form's errors. The views' tests fake this call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { createActor, waitFor } from 'xstate';
import { wiredLoginMachine } from '../../../../src/wiring/login.ts';

interface SentRequest {
  url: URL;
  method: string;
  body: unknown;
}

/** Stubs fetch with one answer and returns what was sent. */
function answerLogin(status: number, body: object): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ url: new URL(request.url), method: request.method, body: await request.json() });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/** How long a sign-in may take to settle: the first one loads the API client's modules, slow on a loaded machine. */
const SETTLED = { timeout: 5000 };

function signIn(remember: boolean) {
  const notified = vi.fn<(access: string) => void>();
  const redirected = vi.fn();
  const actor = createActor(
    wiredLoginMachine.provide({
      actions: { notifySession: (_, { access }) => notified(access), redirectToAccount: () => redirected() },
    }),
    { input: { captchaRequired: false } },
  ).start();
  actor.send({ type: 'field.changed', name: 'email', value: 'Demo@Example.test' });
  actor.send({ type: 'field.changed', name: 'password', value: 'secret-pass' });
  actor.send({ type: 'remember.changed', value: remember });
  actor.send({ type: 'submit' });
  return { actor, notified, redirected };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('wiredLoginMachine', () => {
  it('posts the body with the interface language and remember-me in the query, and hands on the token', async () => {
    i18n.activate('en');
    const sent = answerLogin(200, { access: 'access-1' });
    const { notified, redirected } = signIn(true);
    await vi.waitFor(() => expect(redirected).toHaveBeenCalledTimes(1), SETTLED);
    expect(notified).toHaveBeenCalledWith('access-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/front-api/auth/login/');
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ locale: 'en', remember: '1' });
    expect(sent[0]!.body).toEqual({ email: 'demo@example.test', password: 'secret-pass' });
  });

  it('asks in Russian for a browser-session login when not remembered', async () => {
    i18n.activate('ru');
    const sent = answerLogin(200, { access: 'access-2' });
    const { redirected } = signIn(false);
    await vi.waitFor(() => expect(redirected).toHaveBeenCalledTimes(1), SETTLED);
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ locale: 'ru', remember: '0' });
  });

  it('puts a refusal’s body under the form’s fields and stays', async () => {
    i18n.activate('en');
    answerLogin(400, { detail: 'No active account', password: ['Too short'] });
    const { actor, notified, redirected } = signIn(true);
    const refused = await waitFor(actor, (state) => state.matches('editing') && Object.keys(state.context.errors).length > 0);
    expect(refused.context.errors).toEqual({
      detail: { code: 'server', message: 'No active account' },
      password: { code: 'server', message: 'Too short' },
    });
    expect(notified).not.toHaveBeenCalled();
    expect(redirected).not.toHaveBeenCalled();
  });

  it('lands on the account’s orders in the interface language with a full page load', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    for (const [locale, landing] of [['en', '/en/account/orders'], ['ru', '/account/orders']] as const) {
      i18n.activate(locale);
      answerLogin(200, { access: `access-${locale}` });
      const actor = createActor(wiredLoginMachine.provide({ actions: { notifySession: () => {} } }), {
        input: { captchaRequired: false },
      }).start();
      actor.send({ type: 'field.changed', name: 'email', value: 'demo@example.test' });
      actor.send({ type: 'field.changed', name: 'password', value: 'secret-pass' });
      actor.send({ type: 'submit' });
      await vi.waitFor(() => expect(assign).toHaveBeenLastCalledWith(landing), SETTLED);
    }
    expect(assign).toHaveBeenCalledTimes(2);
  });
});
