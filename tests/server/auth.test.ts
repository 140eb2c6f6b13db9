// /front-api/auth/: login (cookies, throttling, captcha), access tokens on protected routes, refresh rotation
// with reuse detection, logout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'hono/jwt';
import { issueAccessToken } from '../../server/auth/accessToken.ts';
import { purgeExpiredCredentials } from '../../server/auth/purgeExpired.ts';
import { call, cookiePair, startTestApp, type TestApp, uniqueIp } from './support/app.ts';
import { login, newUser, PASSWORD, signup, uniqueEmail } from './support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('login', () => {
  it('answers an access token, sets the HttpOnly refresh cookie and the readable marker, and the token opens me/', async () => {
    const email = await signup(test);
    const result = await call(test, 'POST', '/front-api/auth/login/?locale=en', { email: email.toUpperCase(), password: PASSWORD });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['access']);
    const refresh = result.cookies.find((line) => line.startsWith('refresh='))!;
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/SameSite=Lax/);
    expect(refresh).toMatch(/Path=\/front-api\/auth/);
    expect(refresh).not.toMatch(/Secure/);
    const marker = result.cookies.find((line) => line.startsWith('logged_in='))!;
    expect(marker).toMatch(/^logged_in=1;/);
    expect(marker).not.toMatch(/HttpOnly/);
    expect(marker).toMatch(/Path=\/;/);

    const me = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: result.body.access });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, activated: false, verified: false });
  });

  it('marks the refresh cookie Secure when the site is served over https', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://exchanger.example' });
    try {
      const email = await signup(https);
      const result = await call(https, 'POST', '/front-api/auth/login/', { email, password: PASSWORD });
      expect(result.cookies.find((line) => line.startsWith('refresh='))).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it('refuses a wrong password and an unknown e-mail with the same translated detail', async () => {
    const email = await signup(test);
    const wrong = await call(test, 'POST', '/front-api/auth/login/', { email, password: 'wrong-password1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: 'Неверный e-mail или пароль.' });
    const unknown = await call(test, 'POST', '/front-api/auth/login/?locale=en', { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: 'No active account found with the given credentials' });
    expect(wrong.cookies).toEqual([]);
  });

  it('asks for both fields', async () => {
    const blank = await call(test, 'POST', '/front-api/auth/login/?locale=en', { email: ' ', password: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.email).toHaveLength(1);
    expect(blank.body.password).toHaveLength(1);
    const missing = await call(test, 'POST', '/front-api/auth/login/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty('email');
    expect(missing.body).toHaveProperty('password');
  });

  it('answers malformed JSON, wrong types and unknown fields with a 4xx body, never a 5xx', async () => {
    const malformed = await call(test, 'POST', '/front-api/auth/login/', undefined, { raw: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toHaveProperty('detail');
    const types = await call(test, 'POST', '/front-api/auth/login/', { email: 5, password: ['x'] });
    expect(types.status).toBe(400);
    expect(types.body.email).toBeInstanceOf(Array);
    const unknown = await call(test, 'POST', '/front-api/auth/login/', { email: 'a@b.c', password: 'x', admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.admin).toBeInstanceOf(Array);
    const notJson = await call(test, 'POST', '/front-api/auth/login/', undefined, { raw: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    const array = await call(test, 'POST', '/front-api/auth/login/', [1, 2]);
    expect(array.status).toBe(400);
  });

  it('lets an account that is not activated yet sign in (the site shows the state)', async () => {
    const email = await signup(test);
    const user = await login(test, email);
    const me = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access });
    expect(me.body.activated).toBe(false);
  });

  it('makes the same IP wait (429 + Retry-After) after five wrong passwords for one e-mail, while others still sign in', async () => {
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const email = await signup(strict);
      const ip = uniqueIp();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const result = await call(strict, 'POST', '/front-api/auth/login/', { email, password: `wrong${attempt}pass` }, { ip });
        expect(result.status).toBe(400);
      }
      const blocked = await call(strict, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.detail).toMatch(/попыток/);
      const other = await signup(strict);
      expect((await call(strict, 'POST', '/front-api/auth/login/', { email: other, password: PASSWORD }, { ip })).status).toBe(200);
      // The same e-mail from another address is not blocked either.
      expect((await call(strict, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip: uniqueIp() })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('captcha on login', () => {
  let provider: Server;
  let withCaptcha: TestApp;

  beforeAll(async () => {
    // A stand-in for the captcha provider's validate endpoint: "good" is the only solved token.
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const token = new URLSearchParams(body).get('token');
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: token === 'good' ? 'ok' : 'failed' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(4231, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    withCaptcha = await startTestApp({ CAPTCHA_SECRET: 'test-secret', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/validate` });
  });
  afterAll(async () => {
    await withCaptcha.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('guards sign-up the same way', async () => {
    const email = uniqueEmail();
    const missing = await call(withCaptcha, 'POST', '/api/v1/users/signup/', { email, password: PASSWORD, passwordConfirm: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.recaptcha).toHaveLength(1);
    await signup(withCaptcha, email, { recaptcha: 'good' });
  });

  it('refuses a missing or unsolved captcha under `recaptcha` and accepts a solved one', async () => {
    const email = await signup(withCaptcha, uniqueEmail(), { recaptcha: 'good' });
    const missing = await call(withCaptcha, 'POST', '/front-api/auth/login/', { email, password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.recaptcha).toHaveLength(1);
    const unsolved = await call(withCaptcha, 'POST', '/front-api/auth/login/', { email, password: PASSWORD, recaptcha: 'bad' });
    expect(unsolved.status).toBe(400);
    const solved = await call(withCaptcha, 'POST', '/front-api/auth/login/', { email, password: PASSWORD, recaptcha: 'good' });
    expect(solved.status).toBe(200);
  });
});

describe('access token on protected routes', () => {
  it('answers 401 token_not_valid without a token, with garbage, with a foreign or altered signature, unsigned and when expired', async () => {
    const user = await newUser(test);
    const { payload } = decode(user.access);
    const expired = await issueAccessToken({ userId: user.id, sessionId: String(payload.sid) }, test.config.jwtSecret!, -10);
    const foreign = await issueAccessToken({ userId: user.id, sessionId: String(payload.sid) }, 'another-secret-of-at-least-32-characters!!', 300);
    // The expired token made live again by its payload alone: only the signature can tell.
    const [header, expiredPayload, signature] = expired.split('.') as [string, string, string];
    const extended = { ...(JSON.parse(Buffer.from(expiredPayload, 'base64url').toString()) as object), exp: Math.floor(Date.now() / 1000) + 300 };
    const tampered = `${header}.${Buffer.from(JSON.stringify(extended)).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${user.access.split('.')[1]}.`;
    const padded = `${user.access}=`;
    for (const token of [undefined, 'garbage', expired, foreign, tampered, unsigned, padded]) {
      const result = await call(test, 'GET', '/api/v1/users/me/', undefined, { token });
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('token_not_valid');
      expect(typeof result.body.detail).toBe('string');
    }
    const english = await call(test, 'GET', '/en/api/v1/users/me/', undefined, { token: 'garbage' });
    expect(english.body.detail).toBe('Given token not valid for any token type');
  });

  it('stops accepting the access token of a session that logged out', async () => {
    const user = await newUser(test);
    // The orders list checks the session inside its own statement, on every page (a page past the end too).
    const calls = ['/api/v1/users/me/', '/api/v1/users/me/claims/', '/api/v1/users/me/claims/?page=2&size=20', '/api/v1/users/me/claims/?page=9'];
    for (const path of calls) expect((await call(test, 'GET', path, undefined, { token: user.access })).status, path).not.toBe(401);
    await call(test, 'POST', '/front-api/auth/logout/', undefined, { cookie: user.refreshCookie });
    for (const path of calls) {
      const refused = await call(test, 'GET', path, undefined, { token: user.access });
      expect(refused.status, path).toBe(401);
      expect(refused.body.code).toBe('token_not_valid');
    }
  });
});

describe('refresh', () => {
  it('rotates: a new access token and a new refresh cookie each time', async () => {
    const user = await newUser(test);
    const first = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie });
    expect(first.status).toBe(200);
    expect(typeof first.body.access).toBe('string');
    const rotated = cookiePair(first.cookies, 'refresh')!;
    expect(rotated).not.toBe(user.refreshCookie);
    expect(cookiePair(first.cookies, 'logged_in')).toBe('logged_in=1');
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: first.body.access })).status).toBe(200);
    const second = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: rotated });
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again after the grace window', async () => {
    const user = await newUser(test);
    const first = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie });
    const rotated = cookiePair(first.cookies, 'refresh')!;
    // The spend happened longer ago than the two-tabs grace window.
    await test.database.db.execute(sql`update refresh_tokens set used_at = used_at - interval '1 minute' where user_id = ${user.id}`);

    const reuse = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('token_not_valid');
    expect(reuse.cookies.some((line) => line.startsWith('refresh=;') && /Max-Age=0/.test(line))).toBe(true);

    // The legitimate successor and every access token of the family are dead too.
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: rotated })).status).toBe(401);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: first.body.access })).status).toBe(401);
    // Another login of the same user (another family) is untouched.
    const other = await login(test, user.email);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: other.refreshCookie })).status).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await call(test, 'POST', '/front-api/auth/refresh/')).status).toBe(401);
    const unknown = await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: 'refresh=nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('token_not_valid');
  });
});

describe('logout', () => {
  it('revokes the refresh token and clears both cookies', async () => {
    const user = await newUser(test);
    const result = await call(test, 'POST', '/front-api/auth/logout/', undefined, { cookie: user.refreshCookie });
    expect(result.status).toBe(200);
    expect(result.cookies.find((line) => line.startsWith('refresh='))).toMatch(/Max-Age=0/);
    expect(result.cookies.find((line) => line.startsWith('logged_in='))).toMatch(/Max-Age=0/);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie })).status).toBe(401);
  });

  it('succeeds without a cookie too (nothing to revoke)', async () => {
    expect((await call(test, 'POST', '/front-api/auth/logout/')).status).toBe(200);
  });
});

describe('purgeExpiredCredentials', () => {
  it('removes expired refresh tokens and spent mail tokens, and live sessions keep working', async () => {
    const user = await newUser(test);
    const later = new Date(Date.now() + 1000);
    // Nothing of this user has expired yet, but the activation token was spent.
    expect(await purgeExpiredCredentials(test.database.db, later)).toBeGreaterThan(0);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie })).status).toBe(200);
    const farFuture = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    expect(await purgeExpiredCredentials(test.database.db, farFuture)).toBeGreaterThan(0);
    const gone = await test.database.db.execute(sql`select count(*)::int as n from refresh_tokens where user_id = ${user.id}`);
    expect(gone.rows[0]).toEqual({ n: 0 });
  });
});
