import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.ts';
import type { User } from '../../src/api/schemas/user.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

const demo: User = {
  id: 1,
  email: 'demo@example.com',
  activated: true,
  referralCode: 'DEMO',
  verified: false,
  dateJoined: '2026-01-01T00:00:00Z',
};

interface Fakes {
  refresh: Deferred<string>[];
  user: Deferred<User>[];
  logout: Deferred<void>[];
  stored: (string | null)[];
  redirects: number;
}

function start(hasSessionCookie: boolean) {
  const fakes: Fakes = { refresh: [], user: [], logout: [], stored: [], redirects: 0 };
  const next = <T>(list: Deferred<T>[]) => {
    const d = deferred<T>();
    list.push(d);
    return d.promise;
  };
  const machine = sessionMachine.provide({
    actors: {
      refreshToken: fromPromise(() => next(fakes.refresh)),
      fetchUser: fromPromise(() => next(fakes.user)),
      logout: fromPromise(() => next(fakes.logout)),
    },
    actions: {
      storeAccessToken: (_, params) => fakes.stored.push(params.token),
      redirectHome: () => {
        fakes.redirects += 1;
      },
    },
  });
  const actor = startMachine(machine, { input: { hasSessionCookie } });
  return { actor, fakes };
}

type Started = ReturnType<typeof start>;

async function signedIn(): Promise<Started> {
  const started = start(true);
  started.fakes.refresh[0]!.resolve('token-1');
  await waitFor(started.actor, (s) => s.matches('loadingUser'));
  started.fakes.user[0]!.resolve(demo);
  await waitFor(started.actor, (s) => s.matches('signedIn'));
  return started;
}

describe('starting', () => {
  it('tries the refresh token when the marker cookie exists', () => {
    const { actor, fakes } = start(true);
    expect(actor.getSnapshot().value).toBe('restoring');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(fakes.refresh).toHaveLength(1);
  });

  it('is anonymous at once without the cookie, asking nothing', () => {
    const { actor, fakes } = start(false);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(fakes.refresh).toHaveLength(0);
  });
});

describe('restoring', () => {
  it('stores the new access token and fetches the user', async () => {
    const { actor, fakes } = start(true);
    fakes.refresh[0]!.resolve('token-1');
    await waitFor(actor, (s) => s.matches('loadingUser'));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(fakes.stored).toEqual(['token-1']);
    expect(actor.getSnapshot().context.accessToken).toBe('token-1');
    expect(fakes.user).toHaveLength(1);
  });

  it('is anonymous when the refresh token is refused', async () => {
    const { actor, fakes } = start(true);
    fakes.refresh[0]!.reject({ detail: 'expired', code: 'token_not_valid' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});

describe('loadingUser', () => {
  it('is signed in with the user (and its activated flag)', async () => {
    const { actor } = await signedIn();
    expect(actor.getSnapshot().context.user).toEqual(demo);
    expect(actor.getSnapshot().context.user?.activated).toBe(true);
  });

  it('forgets the token when the user cannot be fetched', async () => {
    const { actor, fakes } = start(true);
    fakes.refresh[0]!.resolve('token-1');
    await waitFor(actor, (s) => s.matches('loadingUser'));
    fakes.user[0]!.reject({ code: 'network_error' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(fakes.stored).toEqual(['token-1', null]);
    expect(actor.getSnapshot().context.accessToken).toBeNull();
  });
});

describe('anonymous', () => {
  it('takes the token of a login and fetches the user', async () => {
    const { actor, fakes } = start(false);
    actor.send({ type: 'login.succeeded', access: 'token-login' });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    expect(fakes.stored).toEqual(['token-login']);
    expect(actor.getSnapshot().context.accessToken).toBe('token-login');
    fakes.user[0]!.resolve({ ...demo, activated: false });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user?.activated).toBe(false);
  });

  it('ignores an expired token and a logout', () => {
    const { actor, fakes } = start(false);
    actor.send({ type: 'token.expired' });
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(fakes.refresh).toHaveLength(0);
    expect(fakes.logout).toHaveLength(0);
  });
});

describe('signedIn', () => {
  it('refreshes once when a call reports an expired token', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'token.expired' });
    actor.send({ type: 'token.expired' });
    expect(actor.getSnapshot().value).toEqual({ refreshing: 'firstTry' });
    expect(fakes.refresh).toHaveLength(2); // the start-up refresh and this one
  });

  it('logs out on request', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(fakes.logout).toHaveLength(1);
  });
});

describe('refreshing', () => {
  it('returns to signedIn with the new token', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'token.expired' });
    fakes.refresh[1]!.resolve('token-2');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.accessToken).toBe('token-2');
    expect(fakes.stored).toEqual(['token-1', 'token-2']);
    expect(actor.getSnapshot().context.user).toEqual(demo);
  });

  it('signs out locally when the refresh fails', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'token.expired' });
    fakes.refresh[1]!.reject({ code: 'token_not_valid' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
    expect(fakes.stored).toEqual(['token-1', null]);
  });
});

describe('loggingOut', () => {
  it('forgets everything and goes home', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'logout' });
    fakes.logout[0]!.resolve();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(fakes.redirects).toBe(1);
    expect(fakes.stored.at(-1)).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
  });

  it('stays signed in with the failure code when logout fails', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'logout' });
    fakes.logout[0]!.reject({ code: 'network_error' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.logoutError).toBe('network_error');
    expect(fakes.redirects).toBe(0);
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().context.logoutError).toBeNull();
    fakes.logout[1]!.reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.logoutError).toBe('logout_failed');
  });
});

/** The tokens the machine announced to waiting calls, in order. */
function settledTokens(actor: Started['actor']): (string | null)[] {
  const tokens: (string | null)[] = [];
  actor.on('token.settled', ({ token }) => tokens.push(token));
  return tokens;
}

describe('announcing the token to waiting calls', () => {
  it('answers an expired token at once with none when anonymous', () => {
    const { actor, fakes } = start(false);
    const tokens = settledTokens(actor);
    actor.send({ type: 'token.expired' });
    expect(tokens).toEqual([null]);
    expect(fakes.refresh).toHaveLength(0);
  });

  it('announces the new token once the refresh is done, one refresh for every ask', async () => {
    const { actor, fakes } = await signedIn();
    const tokens = settledTokens(actor);
    actor.send({ type: 'token.expired' });
    actor.send({ type: 'token.expired' });
    fakes.refresh[1]!.resolve('token-2');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(tokens).toEqual(['token-2']);
    expect(fakes.refresh).toHaveLength(2);
  });

  it('announces no token when signed out by a refused refresh', async () => {
    const { actor, fakes } = await signedIn();
    const tokens = settledTokens(actor);
    actor.send({ type: 'token.expired' });
    fakes.refresh[1]!.reject({ code: 'token_not_valid' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(tokens).toEqual([null]);
  });

  it('announces no token on logout', async () => {
    const { actor, fakes } = await signedIn();
    const tokens = settledTokens(actor);
    actor.send({ type: 'logout' });
    fakes.logout[0]!.resolve();
    await waitFor(actor, (s) => s.status === 'done');
    expect(tokens).toEqual([null]);
  });
});

describe('refreshing: one more try', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function failedOnce(): Promise<Started> {
    const started = await signedIn();
    vi.useFakeTimers();
    started.actor.send({ type: 'token.expired' });
    started.fakes.refresh[1]!.reject({ code: 'network_error' });
    await vi.advanceTimersByTimeAsync(0);
    expect(started.actor.getSnapshot().value).toEqual({ refreshing: 'awaitingRetry' });
    return started;
  }

  it('waits the refreshRetry pause after a passing failure, then asks again', async () => {
    const { actor, fakes } = await failedOnce();
    await vi.advanceTimersByTimeAsync(999);
    expect(fakes.refresh).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ refreshing: 'secondTry' });
    expect(fakes.refresh).toHaveLength(3);
  });

  it('is signed in with the token of the second try', async () => {
    const { actor, fakes } = await failedOnce();
    const tokens = settledTokens(actor);
    await vi.advanceTimersByTimeAsync(1_000);
    fakes.refresh[2]!.resolve('token-3');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(actor.getSnapshot().context.accessToken).toBe('token-3');
    expect(fakes.stored).toEqual(['token-1', 'token-3']);
    expect(tokens).toEqual(['token-3']);
  });

  it('gives up after the second try fails, whatever the reason', async () => {
    const { actor, fakes } = await failedOnce();
    await vi.advanceTimersByTimeAsync(1_000);
    fakes.refresh[2]!.reject({ code: 'network_error' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('anonymous'));
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
    expect(fakes.refresh).toHaveLength(3);
    expect(fakes.stored).toEqual(['token-1', null]);
  });

  it('gives up when the whole renewal outlasts refreshTimeout', async () => {
    const { actor, fakes } = await signedIn();
    vi.useFakeTimers();
    const tokens = settledTokens(actor);
    actor.send({ type: 'token.expired' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(actor.getSnapshot().value).toEqual({ refreshing: 'firstTry' });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
    expect(fakes.stored).toEqual(['token-1', null]);
    expect(tokens).toEqual([null]);
  });
});
