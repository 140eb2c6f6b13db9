// /api/v1/users/: sign-up, activation and restore through the outbox, reactivation, profile, own claims,
// password change, promo codes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../server/db/schema/calculator.ts';
import { claims } from '../../server/db/schema/claims.ts';
import { promocodes } from '../../server/db/schema/promocodes.ts';
import { passwordStrongEnough } from '../../server/auth/password.ts';
import { brokenPasswordRules, PASSWORD_RULES } from '../../src/domain/passwordRules.ts';
import { call, startTestApp, type TestApp, uniqueIp } from './support/app.ts';
import { activate, login, mailCount, newUser, PASSWORD, signup, uniqueEmail, waitForMail } from './support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

function activationToken(link: string): string {
  return link.split('/activate/')[1]!;
}

describe('signup', () => {
  it('creates an inactive account and mails an activation link in the request language', async () => {
    const email = uniqueEmail('ru');
    const result = await call(test, 'POST', '/api/v1/users/signup/', { email, password: PASSWORD, passwordConfirm: PASSWORD, agree: true });
    expect(result.status).toBe(201);
    expect(result.body.email).toBe(email.toLowerCase());
    const mail = await waitForMail(test, email, 'activation');
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:4290\/activate\/[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe('Подтверждение регистрации');
    // The mail names the service, in its sender and its text.
    expect(mail.from).toMatch(/^Exchanger </);
    expect(mail.text).toContain('обменном сервисе Exchanger');
    expect(mail.text).toContain(mail.link);

    const english = uniqueEmail('en');
    await call(test, 'POST', '/en/api/v1/users/signup/', { email: english, password: PASSWORD, passwordConfirm: PASSWORD });
    const englishMail = await waitForMail(test, english, 'activation');
    expect(englishMail.link).toMatch(/^http:\/\/127\.0\.0\.1:4290\/en\/activate\//);
    expect(englishMail.subject).toBe('Confirm your registration');
    expect(englishMail.text).toContain('signed up for Exchanger');
  });

  it('reports every field problem at once, in the request language', async () => {
    const result = await call(test, 'POST', '/en/api/v1/users/signup/', {
      email: 'not-an-address',
      password: 'onlyletters',
      passwordConfirm: 'different1',
      refferal: 'NOSUCHCODE',
    });
    expect(result.status).toBe(400);
    expect(result.body.email).toEqual(['An e-mail address has one @ between the name and the domain, as in name@example.com.']);
    expect(result.body.password).toEqual(['The password does not meet the rules: add a digit.']);
    expect(result.body.passwordConfirm).toEqual(['Passwords do not match.']);
    expect(result.body.refferal).toEqual(['This referral code does not exist.']);
  });

  it('refuses a password by the shared rules of src/domain/passwordRules.ts, naming each broken one in both languages', async () => {
    const samples = ['a1', 'onlyletters', '12345678', '!!!!', 'violet7Harbor'];
    for (const password of samples) {
      const broken = brokenPasswordRules(password);
      expect(passwordStrongEnough(password), password).toBe(broken.length === 0);
      const english = await call(test, 'POST', '/en/api/v1/users/signup/', { email: uniqueEmail('rules'), password, passwordConfirm: password });
      const russian = await call(test, 'POST', '/api/v1/users/signup/', { email: uniqueEmail('rules'), password, passwordConfirm: password });
      if (broken.length === 0) {
        expect(english.body.password, password).toBeUndefined();
        continue;
      }
      const fixes = { length: 'make it 8 to 128 characters long', letter: 'add a letter', digit: 'add a digit' };
      expect(english.body.password, password).toEqual([`The password does not meet the rules: ${broken.map((code) => fixes[code]).join(', ')}.`]);
      expect(russian.body.password[0], password).toMatch(/^Пароль не подходит: /);
    }
    expect(PASSWORD_RULES.map((rule) => rule.code)).toEqual(['length', 'letter', 'digit']);
  });

  it('refuses an address a claim would refuse too (one rule: src/domain/email.ts)', async () => {
    const result = await call(test, 'POST', '/en/api/v1/users/signup/', { email: 'a@b.c', password: 'secret123', passwordConfirm: 'secret123' });
    expect(result.status).toBe(400);
    expect(result.body.email).toEqual(['After the @ comes a domain with a dot, such as example.com: check it for a typo.']);
  });

  it('refuses short passwords and passwords without digits or letters', async () => {
    for (const password of ['abc123', 'abcdefghij', '1234567890']) {
      const result = await call(test, 'POST', '/api/v1/users/signup/', { email: uniqueEmail(), password, passwordConfirm: password });
      expect(result.status).toBe(400);
      expect(result.body.password).toHaveLength(1);
    }
  });

  it('answers a registered e-mail (any case) like a new one and mails its owner instead, even when 5 sign-ups race', async () => {
    const email = await signup(test);
    const again = await call(test, 'POST', '/api/v1/users/signup/', { email: email.toUpperCase(), password: PASSWORD, passwordConfirm: PASSWORD });
    expect(again.status).toBe(201);
    expect(again.body.email).toBe(email);
    expect((await waitForMail(test, email, 'signup_attempt')).link).toMatch(/\/recover$/);

    const racing = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(test, 'POST', '/api/v1/users/signup/', { email: racing, password: PASSWORD, passwordConfirm: PASSWORD })),
    );
    expect(results.every((result) => result.status === 201)).toBe(true);
    const accounts = await test.database.db.execute(sql`select count(*)::int as n from users where email = ${racing.toLowerCase()}`);
    expect(accounts.rows[0]).toEqual({ n: 1 });
    expect(mailCount(test, racing, 'activation')).toBe(1);
  });

  it('answers malformed JSON, wrong types and unknown fields with 4xx, never 5xx', async () => {
    expect((await call(test, 'POST', '/api/v1/users/signup/', undefined, { raw: '{"email":' })).status).toBe(400);
    const types = await call(test, 'POST', '/api/v1/users/signup/', { email: ['x'], password: 12345678, passwordConfirm: null });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body).sort()).toEqual(['email', 'password', 'passwordConfirm']);
    const unknown = await call(test, 'POST', '/api/v1/users/signup/', {
      email: uniqueEmail(),
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      activated: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.activated).toEqual(['Неизвестное поле.']);
    const huge = await call(test, 'POST', '/api/v1/users/signup/', { email: 'a'.repeat(300), password: PASSWORD, passwordConfirm: PASSWORD });
    expect(huge.status).toBe(400);
  });

  it('is rate limited per client (429 + Retry-After)', async () => {
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      const ip = uniqueIp();
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const result = await call(strict, 'POST', '/api/v1/users/signup/', {}, { ip });
        statuses.push(result.status);
        retryAfter ??= result.headers.get('retry-after');
      }
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('activate', () => {
  it('activates once with the mailed token; the same token again is refused', async () => {
    const email = await signup(test);
    const token = activationToken((await waitForMail(test, email, 'activation')).link);
    const first = await call(test, 'POST', `/api/v1/users/activate/${token}/`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ detail: 'Аккаунт успешно активирован' });
    const again = await call(test, 'POST', `/en/api/v1/users/activate/${token}/`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'The activation link is invalid or has expired.' });
    const user = await login(test, email);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).body.activated).toBe(true);
  });

  it('answers English text under /en and refuses made-up tokens', async () => {
    const email = await signup(test);
    const token = activationToken((await waitForMail(test, email, 'activation')).link);
    expect((await call(test, 'POST', `/en/api/v1/users/activate/${token}/`)).body).toEqual({ detail: 'Account successfully activated' });
    for (const bad of ['short', 'x'.repeat(43), '..%2F..%2Fetc']) {
      const result = await call(test, 'POST', `/api/v1/users/activate/${bad}/`);
      expect(result.status).toBe(400);
      expect(typeof result.body.detail).toBe('string');
    }
  });
});

describe('reactivate', () => {
  it('needs a signed-in user', async () => {
    const result = await call(test, 'POST', '/api/v1/users/reactivate/');
    expect(result.status).toBe(401);
    expect(result.body.code).toBe('token_not_valid');
  });

  it('sends a new activation link and the previous one stops working', async () => {
    const email = await signup(test);
    const oldToken = activationToken((await waitForMail(test, email, 'activation')).link);
    const user = await login(test, email);
    const result = await call(test, 'POST', '/api/v1/users/reactivate/', undefined, { token: user.access });
    expect(result.status).toBe(200);
    expect(mailCount(test, email, 'activation')).toBe(2);
    expect((await call(test, 'POST', `/api/v1/users/activate/${oldToken}/`)).status).toBe(400);
    const withBody = await call(test, 'POST', '/api/v1/users/reactivate/', {}, { token: user.access });
    expect(withBody.status).toBe(200);
    await activate(test, email);
    const already = await call(test, 'POST', '/api/v1/users/reactivate/', undefined, { token: user.access });
    expect(already.status).toBe(400);
    expect(already.body.detail).toBe('Аккаунт уже активирован.');
    const unknown = await call(test, 'POST', '/api/v1/users/reactivate/', { resend: true }, { token: user.access });
    expect(unknown.status).toBe(400);
  });
});

describe('restore', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await newUser(test);
    const unknownEmail = uniqueEmail('nobody');
    const known = await call(test, 'POST', '/api/v1/users/restore/', { email: user.email.toUpperCase() });
    const unknown = await call(test, 'POST', '/api/v1/users/restore/', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await waitForMail(test, user.email, 'restore');
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:4290\/recover\?token=[A-Za-z0-9_-]{43}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailCount(test, unknownEmail, 'restore')).toBe(0);
  });

  it('sets a new password with the mailed token once, ends every session and activates the account', async () => {
    const email = await signup(test);
    const session = await login(test, email);
    await call(test, 'POST', '/en/api/v1/users/restore/', { email });
    const mail = await waitForMail(test, email, 'restore');
    expect(mail.link).toContain('/en/recover?token=');
    const token = new URL(mail.link).searchParams.get('token')!;

    const weak = await call(test, 'POST', `/api/v1/users/restore/${token}/`, { password: 'short', passwordConfirm: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.password).toHaveLength(1);
    const mismatch = await call(test, 'POST', `/api/v1/users/restore/${token}/`, { password: 'violet7Harbor', passwordConfirm: 'newpass124' });
    expect(mismatch.body.passwordConfirm).toHaveLength(1);

    const done = await call(test, 'POST', `/api/v1/users/restore/${token}/`, { password: 'violet7Harbor', passwordConfirm: 'violet7Harbor' });
    expect(done.status).toBe(200);
    const reused = await call(test, 'POST', `/api/v1/users/restore/${token}/`, { password: 'other4Lantern', passwordConfirm: 'other4Lantern' });
    expect(reused.status).toBe(400);
    expect(typeof reused.body.detail).toBe('string');

    expect((await call(test, 'POST', '/front-api/auth/login/', { email, password: PASSWORD })).status).toBe(400);
    const fresh = await login(test, email, 'violet7Harbor');
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: fresh.access })).body.activated).toBe(true);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: session.refreshCookie })).status).toBe(401);
  });

  it('validates its input', async () => {
    expect((await call(test, 'POST', '/api/v1/users/restore/', { email: 'nope' })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v1/users/restore/', { email: 'a@b.cd', phone: '1' })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v1/users/restore/', undefined, { raw: 'nope' })).status).toBe(400);
    const badToken = await call(test, 'POST', '/api/v1/users/restore/not-a-token/', { password: 'violet7Harbor', passwordConfirm: 'violet7Harbor' });
    expect(badToken.status).toBe(400);
  });

  it('is rate limited per client (429 + Retry-After)', async () => {
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const results = [];
      const ip = uniqueIp();
      for (let attempt = 0; attempt < 7; attempt += 1) {
        results.push(await call(strict, 'POST', '/api/v1/users/restore/', { email: uniqueEmail() }, { ip }));
      }
      const limited = results.find((result) => result.status === 429);
      expect(limited).toBeDefined();
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('me', () => {
  it('describes the signed-in user', async () => {
    const user = await newUser(test);
    const me = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: user.id,
      email: user.email,
      activated: true,
      verified: false,
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      dateJoined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('me/password', () => {
  it('needs the current password, checks the new one, keeps this session and ends the others', async () => {
    const user = await newUser(test);
    const other = await login(test, user.email);
    const wrong = await call(test, 'POST', '/api/v1/users/me/password/', { currentPassword: 'nope12345', password: 'amber9Compass', passwordConfirm: 'amber9Compass' }, { token: user.access });
    expect(wrong.status).toBe(400);
    expect(wrong.body.currentPassword).toHaveLength(1);
    const weak = await call(test, 'POST', '/api/v1/users/me/password/', { currentPassword: PASSWORD, password: 'weak', passwordConfirm: 'weak' }, { token: user.access });
    expect(weak.body.password).toHaveLength(1);
    const unknown = await call(test, 'POST', '/api/v1/users/me/password/', { currentPassword: PASSWORD, password: 'amber9Compass', passwordConfirm: 'amber9Compass', x: 1 }, { token: user.access });
    expect(unknown.status).toBe(400);

    const done = await call(test, 'POST', '/api/v1/users/me/password/', { currentPassword: PASSWORD, password: 'amber9Compass', passwordConfirm: 'amber9Compass' }, { token: user.access });
    expect(done.status).toBe(200);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).status).toBe(200);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie })).status).toBe(200);
    expect((await call(test, 'POST', '/front-api/auth/refresh/', undefined, { cookie: other.refreshCookie })).status).toBe(401);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: other.access })).status).toBe(401);
    await login(test, user.email, 'amber9Compass');
  });

  it('needs a token', async () => {
    expect((await call(test, 'POST', '/api/v1/users/me/password/', {})).status).toBe(401);
  });
});

describe('me/claims', () => {
  async function insertClaim(email: string, userId: number | null, minutesAgo: number) {
    const [from] = await test.database.db.select().from(currencies).where(eq(currencies.code, 'BTC'));
    const [to] = await test.database.db.select().from(currencies).where(eq(currencies.code, 'SBERRUB'));
    const createdAt = new Date(Date.now() - minutesAgo * 60_000);
    const [row] = await test.database.db
      .insert(claims)
      .values({
        status: 'awaiting_payment',
        email,
        userId,
        fromCurrencyId: from!.id,
        toCurrencyId: to!.id,
        fromSumma: '0.01',
        toSumma: '85000.00',
        course: '8500000',
        fromRequisites: {},
        toRequisites: { card: '4111111111111111' },
        deadline: new Date(Date.now() + 30 * 60_000),
        createdAt,
      })
      .returning();
    return row!.uuid;
  }

  it('lists the claims made signed in, newest first, paged', async () => {
    const email = await signup(test);
    await activate(test, email);
    const user = await login(test, email);
    const stranger = await newUser(test);
    const newer = await insertClaim(user.email, user.id, 10);
    const older = await insertClaim(user.email, user.id, 30);
    await insertClaim(stranger.email, stranger.id, 5);

    const page = await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: user.access });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(2);
    expect(page.body.results.map((row: { uuid: string }) => row.uuid)).toEqual([newer, older]);
    expect(page.body.results[0]).toMatchObject({ status: 'awaiting_payment', from: { summa: '0.01', currency: { code: 'BTC' } }, to: { currency: { code: 'SBERRUB', name: 'Сбербанк' } } });

    const second = await call(test, 'GET', '/en/api/v1/users/me/claims/?page=2&size=1', undefined, { token: user.access });
    expect(second.body.results.map((row: { uuid: string }) => row.uuid)).toEqual([older]);
    expect(second.body.results[0].to.currency.name).toBe('Sberbank');
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('http://127.0.0.1:4290/en/api/v1/users/me/claims/?page=1&size=1');
    expect((await call(test, 'GET', '/api/v1/users/me/claims/?size=1', undefined, { token: user.access })).body.next).toMatch(/page=2/);
  });

  it('never shows a guest claim made with its e-mail, before or after activation (anyone may type any e-mail)', async () => {
    const email = await signup(test);
    const user = await login(test, email);
    await insertClaim(email, null, 1);
    await createGuestClaim(email.toUpperCase());
    expect((await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: user.access })).body.count).toBe(0);
    await activate(test, email);
    expect((await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: user.access })).body.count).toBe(0);
    await createGuestClaim(email);
    expect((await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: user.access })).body.count).toBe(0);
  });

  it('reads every page, the far ones from the end of the list, with the kept count', async () => {
    const user = await newUser(test);
    const made: string[] = [];
    for (let minutesAgo = 1; minutesAgo <= 7; minutesAgo += 1) made.push(await insertClaim(user.email, user.id, minutesAgo));
    const pages: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const body = (await call(test, 'GET', `/api/v1/users/me/claims/?page=${page}&size=2`, undefined, { token: user.access })).body;
      expect(body.count).toBe(7);
      pages.push(...body.results.map((row: { uuid: string }) => row.uuid));
      expect(body.next === null).toBe(page === 4);
    }
    expect(pages).toEqual(made);
    const past = await call(test, 'GET', '/api/v1/users/me/claims/?page=9&size=2', undefined, { token: user.access });
    expect(past.body).toMatchObject({ count: 7, results: [], next: null });
    await test.database.db.delete(claims).where(eq(claims.uuid, made[0]!));
    expect((await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: user.access })).body.count).toBe(6);
  });

  async function createGuestClaim(email: string): Promise<string> {
    const [from] = await test.database.db.select().from(currencies).where(eq(currencies.code, 'USDTTRC20'));
    const [to] = await test.database.db.select().from(currencies).where(eq(currencies.code, 'SBERRUB'));
    const body = { email, fromPs: from!.id, toPs: to!.id, fromSumma: '100', fromRequisites: {}, toRequisites: { card: '4276381260441970', name: 'Ivan Petrov' }, withVerificationCourse: false };
    const created = await call(test, 'POST', '/api/v1/claim/', body);
    if (created.status !== 201) throw new Error(`claim failed: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.uuid as string;
  }

  it('refuses bad paging', async () => {
    const user = await newUser(test);
    for (const query of ['?page=0', '?size=101', '?page=abc']) {
      const result = await call(test, 'GET', `/api/v1/users/me/claims/${query}`, undefined, { token: user.access });
      expect(result.status).toBe(400);
    }
  });
});

describe('me/promocodes', () => {
  it('lists the codes issued to the user with their state', async () => {
    const user = await newUser(test);
    const suffix = String(user.id);
    await test.database.db.insert(promocodes).values([
      { code: `ACTIVE${suffix}`, percent: '1.5', usesTotal: 3, usesLeft: 2, userId: user.id, createdAt: new Date(Date.now() - 3000) },
      { code: `USED${suffix}`, percent: '0.5', usesTotal: 1, usesLeft: 0, userId: user.id, createdAt: new Date(Date.now() - 2000) },
      { code: `OLD${suffix}`, percent: '2', usesTotal: 5, usesLeft: 5, userId: user.id, expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 1000) },
    ]);
    const result = await call(test, 'GET', '/api/v1/users/me/promocodes/', undefined, { token: user.access });
    expect(result.status).toBe(200);
    expect(result.body).toEqual([
      { code: `OLD${suffix}`, percent: '2', state: 'expired', usesLeft: 5, expiresAt: expect.any(String) },
      { code: `USED${suffix}`, percent: '0.5', state: 'used', usesLeft: 0, expiresAt: null },
      { code: `ACTIVE${suffix}`, percent: '1.5', state: 'active', usesLeft: 2, expiresAt: null },
    ]);
    const other = await newUser(test);
    expect((await call(test, 'GET', '/api/v1/users/me/promocodes/', undefined, { token: other.access })).body).toEqual([]);
  });
});
