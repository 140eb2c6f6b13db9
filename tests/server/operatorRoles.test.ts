// Operator roles over HTTP: every role reads; an auditor changes nothing, an operator works claims but not where
// clients pay, an admin does both; the refusal is 403 and translated. The CLI sets roles and keeps an admin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim, VALID_REQUISITE } from './support/claims.ts';
import { signedInOperator, type SignedInOperator } from './support/operators.ts';

let test: TestApp;
let admin: SignedInOperator;
let operator: SignedInOperator;
let auditor: SignedInOperator;

beforeAll(async () => {
  test = await startTestApp();
  admin = await signedInOperator(test, 'roles-admin@example.com', 'admin');
  operator = await signedInOperator(test, 'roles-operator@example.com', 'operator');
  auditor = await signedInOperator(test, 'roles-auditor@example.com', 'auditor');
});
afterAll(async () => {
  await test.close();
});

/** Runs a CLI command as the admin of this file (a change names its operator). */
async function ops(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOps([...argv, '--as', admin.email], { db: test.database.db, out: (line) => lines.push(line) });
  return { code, lines };
}

async function newClaim(): Promise<string> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500' }));
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

const ACCOUNT = { code: 'CARDRUB', number: VALID_REQUISITE.card, holder: 'Ivan Petrov', bank: null };

describe('roles', () => {
  it('says the role in /auth/me/', async () => {
    for (const [who, role] of [[admin, 'admin'], [operator, 'operator'], [auditor, 'auditor']] as const) {
      const me = await call(test, 'GET', '/ops-api/v1/auth/me/', undefined, who.as);
      expect(me.body).toEqual({ email: who.email, role });
    }
  });

  it('lets an auditor read everything and change nothing, with a translated 403', async () => {
    for (const path of ['claims/', 'verifications/', 'withdrawals/', 'payments/accounts/', 'payments/addresses/', 'rates/', 'directions/', 'reserves/', 'settings/', 'promocodes/', 'audit/']) {
      expect((await call(test, 'GET', `/ops-api/v1/${path}`, undefined, auditor.as)).status, path).toBe(200);
    }
    const uuid = await newClaim();
    const ru = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'canceled', reason: 'x' }, auditor.as);
    expect(ru.status).toBe(403);
    expect(ru.body).toMatchObject({ detail: 'Вашей роли это действие не разрешено.', code: 'role_forbidden' });
    const en = await call(test, 'PUT', '/ops-api/en/v1/settings/maintenance/', { enabled: true }, auditor.as);
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ detail: 'Your role does not allow this action.', code: 'role_forbidden' });
    expect((await call(test, 'POST', '/ops-api/v1/payments/accounts/', ACCOUNT, auditor.as)).status).toBe(403);
    expect((await call(test, 'POST', '/ops-api/v1/verifications/00000000-0000-4000-8000-000000000000/approve/', undefined, auditor.as)).status).toBe(403);
    const [claim] = (await test.database.db.execute(sql`select status from claims where uuid = ${uuid}`)).rows;
    expect(claim).toEqual({ status: 'awaiting_payment' });
    const [maintenance] = (await test.database.db.execute(sql`select count(*)::int as n from audit_log where actor = ${auditor.email} and action <> 'operator.sign_in'`)).rows;
    expect(maintenance).toEqual({ n: 0 });
  });

  it('lets an operator move claims but not touch receiving accounts, formulas or settings', async () => {
    const uuid = await newClaim();
    const moved = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'canceled', reason: 'client asked' }, operator.as);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const account = await call(test, 'POST', '/ops-api/en/v1/payments/accounts/', ACCOUNT, operator.as);
    expect(account.status).toBe(403);
    expect(account.body.detail).toBe('Your role does not allow this action.');
    expect((await call(test, 'PUT', '/ops-api/v1/rates/1/formula/', { formula: '1' }, operator.as)).status).toBe(403);
    expect((await call(test, 'PUT', '/ops-api/v1/settings/maintenance/', { enabled: true }, operator.as)).status).toBe(403);
    expect((await call(test, 'POST', '/ops-api/v1/promocodes/', { code: 'ROLES1', percent: '1' }, operator.as)).status).toBe(403);
    const [accounts] = (await test.database.db.execute(sql`select count(*)::int as n from receiving_accounts where holder = 'Ivan Petrov'`)).rows;
    expect(accounts).toEqual({ n: 0 });
  });

  it('lets an admin change receiving accounts and claims', async () => {
    const account = await call(test, 'POST', '/ops-api/v1/payments/accounts/', ACCOUNT, admin.as);
    expect(account.status, JSON.stringify(account.body)).toBeLessThan(300);
    const uuid = await newClaim();
    expect((await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'canceled', reason: 'x' }, admin.as)).status).toBe(200);
  });

  it('sets roles from the CLI, and never demotes or disables the last active admin', async () => {
    const created = await ops('operators', 'create', 'roles-cli@example.com', '--password', 'operator-pass-1', '--role', 'auditor');
    expect(created.code).toBe(0);
    expect((await ops('operators', 'create', 'roles-bad@example.com', '--password', 'operator-pass-1', '--role', 'boss')).code).not.toBe(0);
    expect((await ops('operators', 'list')).lines.find((line) => line.startsWith('roles-cli@example.com'))).toMatch(/auditor/);
    expect((await ops('operators', 'role', 'roles-cli@example.com', 'operator')).code).toBe(0);
    const audit = (await test.database.db.execute(sql`select before, after from audit_log where action = 'operator.role' and target = 'roles-cli@example.com'`)).rows;
    expect(audit).toEqual([{ before: { role: 'auditor' }, after: { role: 'operator' } }]);

    // Every other admin of this database is disabled; the last one stays an admin and stays enabled.
    await test.database.db.execute(sql`update operators set disabled = true where role = 'admin' and email <> ${admin.email}`);
    const demote = await ops('operators', 'role', admin.email, 'auditor');
    expect(demote.code).toBe(1);
    expect(demote.lines.join('\n')).toMatch(/last active admin/);
    expect((await ops('operators', 'disable', admin.email)).code).toBe(1);
    const [row] = (await test.database.db.execute(sql`select role, disabled from operators where email = ${admin.email}`)).rows;
    expect(row).toEqual({ role: 'admin', disabled: false });
    // With a second admin, the first may step down.
    expect((await ops('operators', 'role', 'roles-cli@example.com', 'admin')).code).toBe(0);
    expect((await ops('operators', 'role', admin.email, 'operator')).code).toBe(0);
    expect((await call(test, 'POST', '/ops-api/v1/payments/accounts/', { ...ACCOUNT, holder: 'Petr Ivanov' }, admin.as)).status).toBe(403);
  });
});
