// Password guessing: one account attacked from many addresses meets an exponential delay (a captcha instead when
// captcha is on, never a lockout of the owner), one address spraying many accounts is stopped, and common or
// personal passwords are refused at sign-up and password change.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDelaySeconds, MAX_ACCOUNT_DELAY_SECONDS } from '../../../server/auth/loginThrottle.ts';
import { call, startTestApp, type TestApp, uniqueIp } from '../support/app.ts';
import { newUser, PASSWORD, signup, uniqueEmail } from '../support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await test.close();
});

function attempt(app: TestApp, email: string, password: string, ip = uniqueIp(), extra: Record<string, unknown> = {}) {
  return call(app, 'POST', '/en/front-api/auth/login/', { email, password, ...extra }, { ip });
}

describe('per-account limit across addresses', () => {
  it('doubles the wait after the free failures, up to a ceiling', () => {
    expect(accountDelaySeconds(9, 10)).toBe(0);
    expect(accountDelaySeconds(10, 10)).toBe(1);
    expect(accountDelaySeconds(13, 10)).toBe(8);
    expect(accountDelaySeconds(60, 10)).toBe(MAX_ACCOUNT_DELAY_SECONDS);
  });

  it('lets 200 guesses from 40 addresses check at most a dozen passwords, then the owner gets in after the wait', async () => {
    const email = await signup(test);
    const addresses = Array.from({ length: 40 }, () => uniqueIp());
    const statuses: number[] = [];
    let lastRetry = 0;
    for (let index = 0; index < 200; index += 1) {
      const reply = await attempt(test, email, `guess-${index}-Harbor`, addresses[index % 40]);
      statuses.push(reply.status);
      if (reply.status === 429) lastRetry = Number(reply.headers.get('retry-after'));
    }
    const checked = statuses.filter((status) => status === 400).length;
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThanOrEqual(12);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(188);
    expect(lastRetry).toBeGreaterThanOrEqual(1);

    // A delay, not a lockout: once it has passed (moved back here), the owner signs in and the count ends.
    await test.database.db.execute(sql`update rate_limit_hits set last_at = last_at - interval '1 hour' where bucket like ${`login-account|${email}`}`);
    expect((await attempt(test, email, PASSWORD)).status).toBe(200);
    expect((await attempt(test, email, 'wrong-Guess-1')).status).toBe(400);
  });

  it('says how long to wait, translated, with Retry-After', async () => {
    const email = await signup(test);
    for (let index = 0; index < 10; index += 1) await attempt(test, email, `guess-${index}-Harbor`);
    const waiting = await call(test, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip: uniqueIp() });
    expect(waiting.status).toBe(429);
    expect(waiting.body.detail).toMatch(/^Слишком много неудачных попыток входа\. Повторите через \d+ с\.$/);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('per-address limit across accounts', () => {
  it('stops one address spraying a password over many accounts', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1) statuses.push((await attempt(test, uniqueEmail('spray'), 'Spring2026!', ip)).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('with captcha configured', () => {
  let provider: Server;
  let withCaptcha: TestApp;

  beforeAll(async () => {
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: new URLSearchParams(body).get('token') === 'solved' ? 'ok' : 'failed' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    withCaptcha = await startTestApp({ RATE_LIMIT_SCALE: '1', CAPTCHA_SECRET: 'test-secret', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/validate` });
  });
  afterAll(async () => {
    await withCaptcha.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('asks for a solved captcha instead of making the owner wait', async () => {
    const email = await signup(withCaptcha, uniqueEmail(), { recaptcha: 'solved' });
    for (let index = 0; index < 15; index += 1) {
      expect((await attempt(withCaptcha, email, `guess-${index}-Harbor`, uniqueIp(), { recaptcha: 'solved' })).status).toBe(400);
    }
    expect((await attempt(withCaptcha, email, PASSWORD, uniqueIp(), { recaptcha: 'unsolved' })).body.recaptcha).toHaveLength(1);
    expect((await attempt(withCaptcha, email, PASSWORD, uniqueIp(), { recaptcha: 'solved' })).status).toBe(200);
  });
});

describe('common and personal passwords', () => {
  const weak = ['password1', 'qwerty123', 'P@ssw0rd', '11111111a', 'exchanger2026'];

  it('are refused at sign-up with a translated reason', async () => {
    for (const password of weak) {
      const reply = await call(test, 'POST', '/en/api/v1/users/signup/', { email: uniqueEmail(), password, passwordConfirm: password });
      expect(reply.status, password).toBe(400);
      expect(reply.body.password[0]).toMatch(/easy to guess/);
    }
    const own = 'ivan.petrov1984';
    const personal = await call(test, 'POST', '/api/v1/users/signup/', { email: 'ivan.petrov@example.com', password: own, passwordConfirm: own });
    expect(personal.body.password[0]).toMatch(/легко подобрать/);
  });

  it('are refused at password change', async () => {
    const user = await newUser(test);
    for (const password of weak) {
      const reply = await call(test, 'POST', '/api/v1/users/me/password/', { currentPassword: PASSWORD, password, passwordConfirm: password }, { token: user.access });
      expect(reply.status, password).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['password']);
    }
  });
});
