// The API client and the session together: calls that meet an expired access token share one refresh and are
// each repeated once with the new token; a refused refresh signs the user out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../../machines/session.ts';
import { api } from '../../../src/api/client.ts';
import { setAccessToken, setRefresher } from '../../../src/api/credentials.ts';
import { sessionRefresher } from '../../../src/wiring/session.ts';
import { demoUser } from './sessionFixture.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A server whose valid token is `valid`; every call is recorded with the bearer it carried. */
function serve(valid: string) {
  const seen: { path: string; bearer: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const bearer = request.headers.get('authorization');
    seen.push({ path: new URL(request.url).pathname, bearer });
    if (bearer !== `Bearer ${valid}`) return json({ detail: 'Token expired', code: 'token_not_valid' }, 401);
    return json({ ok: new URL(request.url).pathname });
  });
  return seen;
}

async function signedInSession(refresh: () => Promise<string>) {
  let refreshes = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshToken: fromPromise(async () => {
          refreshes += 1;
          return refresh();
        }),
        fetchUser: fromPromise(async () => demoUser),
      },
      actions: { storeAccessToken: (_, { token }) => setAccessToken(token) },
    }),
    { input: { hasSessionCookie: false } },
  );
  actor.start();
  actor.send({ type: 'login.succeeded', access: 'old-token' });
  await waitFor(actor, (s) => s.matches('signedIn'));
  setRefresher(sessionRefresher(actor));
  return { actor, refreshes: () => refreshes };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setRefresher(null);
  setAccessToken(null);
});

describe('refresh on token_not_valid', () => {
  it('refreshes once for concurrent calls and repeats each with the new token', async () => {
    const seen = serve('new-token');
    const { actor, refreshes } = await signedInSession(async () => 'new-token');
    const [a, b] = await Promise.all([
      api.get('/api/v1/users/me/claims/').json(),
      api.get('/api/v1/users/me/refferal/').json(),
    ]);
    expect(a).toEqual({ ok: '/api/v1/users/me/claims/' });
    expect(b).toEqual({ ok: '/api/v1/users/me/refferal/' });
    expect(refreshes()).toBe(1);
    expect(seen.filter((call) => call.bearer === 'Bearer new-token')).toHaveLength(2);
    expect(seen).toHaveLength(4);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.accessToken).toBe('new-token');
  });

  it('gives up after one repeat, and a refused refresh signs the user out', async () => {
    const seen = serve('never-valid');
    const { actor } = await signedInSession(async () => {
      throw { code: 'token_not_valid' };
    });
    await expect(api.get('/api/v1/users/me/').json()).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
