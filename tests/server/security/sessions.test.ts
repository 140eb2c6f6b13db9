// Sessions end: an absolute lifetime from sign-in whatever the rotations, an idle timeout, a browser-session
// cookie without "remember me"; two tabs refreshing together share one successor; a token whose session id is
// not a uuid is a 401.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../server/auth/accessToken.ts';
import { BROWSER_SESSION, REMEMBERED } from '../../../server/auth/refreshTokens.ts';
import { call, cookiePair, startTestApp, type TestApp } from '../support/app.ts';
import { login, newUser, PASSWORD, signup } from '../support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function sessionRows(userId: number) {
  const result = await test.database.db.execute<{ expires_at: string; session_expires_at: string; persistent: boolean }>(
    sql`select expires_at, session_expires_at, persistent from refresh_tokens where user_id = ${userId} order by id`,
  );
  return result.rows.map((row) => ({ expires_at: new Date(row.expires_at), session_expires_at: new Date(row.session_expires_at), persistent: row.persistent }));
}

function maxAge(setCookies: string[], name: string): number | null {
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`))!;
  const match = /Max-Age=(\d+)/i.exec(line);
  return match ? Number(match[1]) : null;
}

async function refresh(cookie: string) {
  return call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie });
}

describe('absolute lifetime and idle timeout', () => {
  it('keeps the end of the session where sign-in put it, whatever the rotations', async () => {
    const user = await newUser(test);
    let cookie = user.refreshCookie;
    for (let index = 0; index < 3; index += 1) cookie = cookiePair((await refresh(cookie)).cookies, 'refresh')!;
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(4);
    const end = rows[0]!.session_expires_at.getTime();
    expect(rows.every((row) => row.session_expires_at.getTime() === end)).toBe(true);
    expect(Math.abs(end - Date.now() - REMEMBERED.absoluteSeconds * 1000)).toBeLessThan(60_000);
    expect(rows.every((row) => row.expires_at.getTime() <= end)).toBe(true);
  });

  it('ends the session at its absolute end: no refresh, and its access tokens stop working', async () => {
    const user = await newUser(test);
    await test.database.db.execute(sql`update refresh_tokens set session_expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).status).toBe(401);
    await test.database.db.execute(sql`update refresh_tokens set expires_at = least(expires_at, now() - interval '1 second') where user_id = ${user.id}`);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
  });

  it('ends a session nobody refreshed within the idle timeout', async () => {
    const user = await newUser(test);
    const [row] = await sessionRows(user.id);
    expect(row!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(REMEMBERED.idleSeconds * 1000);
    await test.database.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
  });
});

describe('remember me', () => {
  it('checked (or not said): cookies last until the session ends', async () => {
    const email = await signup(test);
    const reply = await call(test, 'POST', '/front-api/auth/login/?remember=1', { email, password: PASSWORD });
    expect(maxAge(reply.cookies, 'refresh')).toBeGreaterThan(REMEMBERED.absoluteSeconds - 60);
    expect(maxAge(reply.cookies, 'logged_in')).toBeGreaterThan(REMEMBERED.absoluteSeconds - 60);
  });

  it('unchecked: browser-session cookies, a short absolute lifetime, kept through rotations', async () => {
    const email = await signup(test);
    const reply = await call(test, 'POST', '/front-api/auth/login/?remember=0&locale=en', { email, password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(maxAge(reply.cookies, 'refresh')).toBeNull();
    expect(reply.cookies.find((line) => line.startsWith('refresh='))).not.toMatch(/Expires=/i);
    expect(maxAge(reply.cookies, 'logged_in')).toBeNull();
    const me = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: reply.body.access });
    const [row] = await sessionRows(me.body.id);
    expect(row!.persistent).toBe(false);
    expect(Math.abs(row!.session_expires_at.getTime() - Date.now() - BROWSER_SESSION.absoluteSeconds * 1000)).toBeLessThan(60_000);
    const rotated = await refresh(cookiePair(reply.cookies, 'refresh')!);
    expect(rotated.status).toBe(200);
    expect(maxAge(rotated.cookies, 'refresh')).toBeNull();
  });
});

describe('two tabs refreshing at once', () => {
  it('answers both with the same successor and keeps the session', async () => {
    const user = await newUser(test);
    const [first, second] = await Promise.all([refresh(user.refreshCookie), refresh(user.refreshCookie)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const successor = cookiePair(first.cookies, 'refresh')!;
    expect(cookiePair(second.cookies, 'refresh')).toBe(successor);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: second.body.access })).status).toBe(200);
    expect((await refresh(successor)).status).toBe(200);
  });

  it('still revokes the family when the spent token comes back after the grace window', async () => {
    const user = await newUser(test);
    const first = await refresh(user.refreshCookie);
    await test.database.db.execute(sql`update refresh_tokens set used_at = used_at - interval '11 seconds' where user_id = ${user.id} and used_at is not null`);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
    expect((await refresh(cookiePair(first.cookies, 'refresh')!)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers 401 (not 500) to a validly signed token whose session id is not a uuid', async () => {
    const user = await login(test, await signup(test));
    for (const sessionId of ['not-a-uuid', "x' or 1=1 --", '']) {
      const forged = await issueAccessToken({ userId: user.id, sessionId }, test.config.jwtSecret!, 60);
      const reply = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: forged });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('token_not_valid');
    }
  });
});
