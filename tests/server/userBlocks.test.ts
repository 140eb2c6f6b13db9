// Blocking a user: an operator blocks an account with a reason from the console or the CLI; in the same
// transaction its sessions end and an audit row is written. A blocked account is refused, in its language, at
// sign-in, at token refresh and on every signed-in call (creating a request signed in included) until unblocked;
// an auditor may look but not block; ending sessions alone signs the user out everywhere.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, PASSWORD, type SignedIn } from './support/accounts.ts';
import { validClaim } from './support/claims.ts';
import { signedInOperator, type SignedInOperator } from './support/operators.ts';

let test: TestApp;
let operator: SignedInOperator;
let auditor: SignedInOperator;

beforeAll(async () => {
  test = await startTestApp();
  operator = await signedInOperator(test, 'blocks-operator@example.com', 'operator');
  auditor = await signedInOperator(test, 'blocks-auditor@example.com', 'auditor');
});
afterAll(async () => {
  await test.close();
});

const BLOCKED_RU = { detail: 'Аккаунт заблокирован. Если это ошибка, напишите в поддержку.', code: 'account_blocked' };
const BLOCKED_EN = { detail: 'This account is blocked. If you think this is a mistake, write to support.', code: 'account_blocked' };

async function auditRows(userId: number) {
  const result = await test.database.db.execute(
    sql`select actor, action, after from audit_log where target = ${`user:${userId}`} order by id`,
  );
  return result.rows;
}

async function blockedAt(userId: number): Promise<unknown> {
  const [row] = (await test.database.db.execute(sql`select blocked_at from users where id = ${userId}`)).rows;
  return row?.blocked_at ?? null;
}

const refresh = (user: SignedIn, locale: 'ru' | 'en') =>
  call(test, 'POST', `/front-api/auth/refresh/?locale=${locale}`, undefined, { cookie: user.refreshCookie });

describe('blocking a user from the console', () => {
  it('finds the user by e-mail, blocks it with a reason, ends its sessions and refuses it everywhere in both languages', async () => {
    const user = await newUser(test);
    const second = await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: PASSWORD });
    expect(second.status).toBe(200);

    const found = await call(test, 'GET', `/ops-api/v1/users/?q=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`, undefined, operator.as);
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([
      expect.objectContaining({ id: user.id, email: user.email, blockedAt: null, blockReason: null, liveSessions: 2 }),
    ]);

    const blocked = await call(test, 'POST', `/ops-api/v1/users/${user.id}/block/`, { reason: 'chargebacks' }, operator.as);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body).toMatchObject({ sessionsEnded: 2, user: { id: user.id, blockReason: 'chargebacks', liveSessions: 0 } });
    expect(blocked.body.user.blockedAt).toEqual(expect.any(String));
    expect(await auditRows(user.id)).toEqual([
      { actor: operator.email, action: 'user.block', after: { blocked: true, reason: 'chargebacks', sessionsEnded: 2 } },
    ]);

    // Refresh, signed-in calls, sign-in and a request created signed in: a translated 403.
    for (const [locale, body] of [['ru', BLOCKED_RU], ['en', BLOCKED_EN]] as const) {
      const refreshed = await refresh(user, locale);
      expect(refreshed.status).toBe(403);
      expect(refreshed.body).toEqual(body);
      for (const path of ['/api/v1/users/me/', '/api/v1/users/me/claims/']) {
        const signedIn = await call(test, 'GET', `${locale === 'en' ? '/en' : ''}${path}`, undefined, { token: user.access });
        expect(signedIn.status, path).toBe(403);
        expect(signedIn.body).toEqual(body);
      }
      const signIn = await call(test, 'POST', `/front-api/auth/login/?locale=${locale}`, { email: user.email, password: PASSWORD });
      expect(signIn.status).toBe(403);
      expect(signIn.body).toEqual(body);
    }
    const claim = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500', email: user.email }), { token: user.access });
    expect(claim.status).toBe(403);
    expect(claim.body).toEqual(BLOCKED_RU);
    const [claims] = (await test.database.db.execute(sql`select count(*)::int as n from claims where user_id = ${user.id}`)).rows;
    expect(claims).toEqual({ n: 0 });
    // A wrong password still says only that the credentials are wrong.
    const guess = await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: 'wrong-password-1' });
    expect(guess.status).toBe(400);

    const again = await call(test, 'POST', `/ops-api/en/v1/users/${user.id}/block/`, { reason: 'twice' }, operator.as);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'The user is already blocked.', code: 'already_blocked' });

    const unblocked = await call(test, 'POST', `/ops-api/v1/users/${user.id}/unblock/`, undefined, operator.as);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.user).toMatchObject({ blockedAt: null, blockReason: null });
    // The ended sessions stay ended; a fresh sign-in works again.
    expect((await refresh(user, 'ru')).status).toBe(401);
    expect((await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await auditRows(user.id)).map((row) => row.action)).toEqual(['user.block', 'user.unblock']);
  });

  it('needs a reason to block, in the operator language, and changes nothing without one', async () => {
    const user = await newUser(test);
    for (const prefix of ['/ops-api/v1', '/ops-api/en/v1']) {
      const reply = await call(test, 'POST', `${prefix}/users/${user.id}/block/`, { reason: '  ' }, operator.as);
      expect(reply.status).toBe(400);
      expect(reply.body.reason).toEqual([expect.any(String)]);
    }
    expect(await blockedAt(user.id)).toBeNull();
    expect((await refresh(user, 'ru')).status).toBe(200);
    expect(await auditRows(user.id)).toEqual([]);
    const missing = await call(test, 'POST', '/ops-api/v1/users/999999999/block/', { reason: 'x' }, operator.as);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Нет такого пользователя.', code: 'not_found' });
  });

  it('ends every session of a user without blocking it', async () => {
    const user = await newUser(test);
    const ended = await call(test, 'POST', `/ops-api/v1/users/${user.id}/logout/`, undefined, operator.as);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ sessionsEnded: 1, user: { blockedAt: null, liveSessions: 0 } });
    expect((await refresh(user, 'ru')).status).toBe(401);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).status).toBe(401);
    expect((await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect(await auditRows(user.id)).toEqual([{ actor: operator.email, action: 'user.logout', after: { sessionsEnded: 1 } }]);
  });

  it('lets an auditor find users but not block, unblock or sign them out', async () => {
    const user = await newUser(test);
    expect((await call(test, 'GET', `/ops-api/v1/users/?q=${encodeURIComponent(user.email)}`, undefined, auditor.as)).body.count).toBe(1);
    for (const [prefix, detail] of [['/ops-api/v1', 'Вашей роли это действие не разрешено.'], ['/ops-api/en/v1', 'Your role does not allow this action.']]) {
      for (const action of ['block', 'unblock', 'logout']) {
        const reply = await call(test, 'POST', `${prefix}/users/${user.id}/${action}/`, { reason: 'x' }, auditor.as);
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ detail, code: 'role_forbidden' });
      }
    }
    expect(await blockedAt(user.id)).toBeNull();
    expect((await refresh(user, 'ru')).status).toBe(200);
    expect(await auditRows(user.id)).toEqual([]);
  });
});

describe('blocking a user from the CLI', () => {
  async function ops(...argv: string[]): Promise<{ code: number; text: string }> {
    const lines: string[] = [];
    const code = await runOps(argv, { db: test.database.db, out: (line) => lines.push(line) });
    return { code, text: lines.join('\n') };
  }

  it('blocks, shows, unblocks and signs out by e-mail under the operator named by --as', async () => {
    const user = await newUser(test);
    const anonymous = await ops('users', 'block', user.email, '--reason', 'fraud');
    expect(anonymous.code).toBe(2);
    expect(await blockedAt(user.id)).toBeNull();
    expect((await ops('users', 'block', user.email, '--as', operator.email)).code).toBe(2);
    expect(await blockedAt(user.id)).toBeNull();

    const blocked = await ops('users', 'block', user.email.toUpperCase(), '--reason', 'fraud', '--as', operator.email);
    expect(blocked.code, blocked.text).toBe(0);
    expect(blocked.text).toMatch(/sessions ended: 1/);
    expect((await refresh(user, 'en')).body).toEqual(BLOCKED_EN);
    expect((await ops('users', 'show', user.email)).text).toMatch(/BLOCKED since .* \(fraud\)/);
    expect((await ops('users', 'block', user.email, '--reason', 'again', '--as', operator.email)).code).toBe(1);

    expect((await ops('users', 'unblock', user.email, '--as', operator.email)).code).toBe(0);
    const signedIn = await call(test, 'POST', '/front-api/auth/login/', { email: user.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const logout = await ops('users', 'logout', user.email, '--as', operator.email);
    expect(logout.text).toMatch(/sessions ended: 1/);
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: signedIn.body.access })).status).toBe(401);
    expect((await ops('users', 'unblock', 'nobody-here@example.com', '--as', operator.email)).code).toBe(1);
    expect((await auditRows(user.id)).map((row) => [row.actor, row.action])).toEqual([
      [operator.email, 'user.block'],
      [operator.email, 'user.unblock'],
      [operator.email, 'user.logout'],
    ]);
  });
});
