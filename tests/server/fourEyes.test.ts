// Four eyes over HTTP: a change to where clients pay (or to a formula) is proposed, refused to its own proposer,
// applied only when a second admin approves it (once, however often approved), audited at each step and mailed to
// every active operator; a rejected one leaves nothing applied. The CLI lists and decides them too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { waitForMail } from './support/accounts.ts';
import { VALID_REQUISITE } from './support/claims.ts';
import { signedInOperator, type SignedInOperator } from './support/operators.ts';

let test: TestApp;
let first: SignedInOperator;
let second: SignedInOperator;
let operator: SignedInOperator;

beforeAll(async () => {
  test = await startTestApp();
  first = await signedInOperator(test, 'eyes-first@example.com', 'admin');
  second = await signedInOperator(test, 'eyes-second@example.com', 'admin');
  operator = await signedInOperator(test, 'eyes-operator@example.com', 'operator');
});
afterAll(async () => {
  await test.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await test.database.db.execute(query)).rows as T[];
}

async function accountsHeldBy(holder: string): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from receiving_accounts where holder = ${holder}`);
  return row!.n;
}

async function ops(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, out: (line) => lines.push(line) });
  return { code, lines };
}

describe('four eyes', () => {
  it('applies a new receiving account only when a second admin approves it, once', async () => {
    const account = { code: 'CARDRUB', number: VALID_REQUISITE.card, holder: 'Olga Four', bank: null };
    const proposed = await call(test, 'POST', '/ops-api/en/v1/payments/accounts/', account, first.as);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect(proposed.body.detail).toBe('The change is waiting for a second admin to approve it.');
    const id = proposed.body.pendingChange as number;
    expect(await accountsHeldBy('Olga Four')).toBe(0);

    const listed = await call(test, 'GET', '/ops-api/v1/changes/', undefined, operator.as);
    expect(listed.body.find((change: { id: number }) => change.id === id)).toMatchObject({
      kind: 'account.add',
      target: 'CARDRUB',
      before: null,
      after: { code: 'CARDRUB', holder: 'Olga Four' },
      proposedBy: first.email,
      decision: null,
    });

    const own = await call(test, 'POST', `/ops-api/v1/changes/${id}/approve/`, undefined, first.as);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ detail: 'Своё изменение одобряет другой администратор.', code: 'own_change' });
    const ownEn = await call(test, 'POST', `/ops-api/en/v1/changes/${id}/approve/`, undefined, first.as);
    expect(ownEn.body.detail).toBe('Another admin must approve your own change.');
    expect((await call(test, 'POST', `/ops-api/v1/changes/${id}/approve/`, undefined, operator.as)).status).toBe(403);
    expect(await accountsHeldBy('Olga Four')).toBe(0);

    // Two approvals at once: one applies, the other finds it decided.
    const [a, b] = await Promise.all([
      call(test, 'POST', `/ops-api/v1/changes/${id}/approve/`, undefined, second.as),
      call(test, 'POST', `/ops-api/v1/changes/${id}/approve/`, undefined, second.as),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await accountsHeldBy('Olga Four')).toBe(1);
    const approved = a.status === 200 ? a.body : b.body;
    expect(approved).toMatchObject({ id, decision: 'approved', decidedBy: second.email });

    const audit = await rows<{ action: string; actor: string; target: string }>(sql`
      select action, actor, target from audit_log
      where target = ${`change #${id}`} or (action = 'account.add' and after->>'holder' = 'Olga Four') order by id`);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['change.propose', first.email],
      ['account.add', first.email],
      ['change.approve', second.email],
    ]);

    for (const email of [first.email, second.email, operator.email]) {
      const mail = await waitForMail(test, email, 'change_approved');
      expect(mail.text).toContain(`#${id} account.add CARDRUB`);
      expect(mail.text).toContain(second.email);
    }
  });

  it('leaves nothing applied when a change is rejected, and audits the rejection', async () => {
    const list = VALID_REQUISITE.ton;
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from deposit_addresses where address = ${list}`);
    const proposed = await call(test, 'POST', '/ops-api/v1/payments/addresses/', { code: 'TON', addresses: list }, first.as);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    const id = proposed.body.pendingChange as number;
    const rejected = await call(test, 'POST', `/ops-api/v1/changes/${id}/reject/`, undefined, second.as);
    expect(rejected.body).toMatchObject({ decision: 'rejected', decidedBy: second.email });
    expect((await call(test, 'POST', `/ops-api/v1/changes/${id}/approve/`, undefined, second.as)).status).toBe(409);
    expect(await rows(sql`select count(*)::int as n from deposit_addresses where address = ${list}`)).toEqual(before);
    const audit = await rows<{ action: string }>(sql`select action from audit_log where target = ${`change #${id}`} order by id`);
    expect(audit.map((row) => row.action)).toEqual(['change.propose', 'change.reject']);
  });

  it('refuses a bad change at once, proposing nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from pending_changes`);
    const wrong = await call(test, 'POST', '/ops-api/en/v1/payments/accounts/', { code: 'CARDRUB', number: '1234', holder: null, bank: null }, first.as);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body)).toEqual(['number']);
    expect(await rows(sql`select count(*)::int as n from pending_changes`)).toEqual(before);
  });

  it('disables an account through the CLI approval of a second admin', async () => {
    const [account] = await rows<{ id: number }>(sql`select id from receiving_accounts where holder = 'Olga Four'`);
    const proposed = await call(test, 'POST', `/ops-api/v1/payments/accounts/${account!.id}/disable/`, undefined, first.as);
    expect(proposed.status).toBe(202);
    const id = proposed.body.pendingChange as number;
    const listed = await ops('changes', 'list');
    expect(listed.lines.join('\n')).toContain(`#${id}`);
    expect((await ops('changes', 'approve', String(id), '--as', first.email)).code).toBe(1);
    expect((await ops('changes', 'approve', String(id), '--as', operator.email)).code).toBe(1);
    expect(await rows(sql`select active from receiving_accounts where id = ${account!.id}`)).toEqual([{ active: true }]);
    const done = await ops('changes', 'approve', String(id), '--as', second.email);
    expect(done.code, done.lines.join('\n')).toBe(0);
    expect(await rows(sql`select active from receiving_accounts where id = ${account!.id}`)).toEqual([{ active: false }]);
  });
});
