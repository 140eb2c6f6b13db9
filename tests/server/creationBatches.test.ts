// Claims created at the same moment share one creating statement (server/claims/creationBatches.ts): each still gets
// its own pricing, payment details and payout hold, the reserve is never promised twice, and a claim that makes the
// statement fail is refused alone while the others of its batch are created.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { add, compare } from '../../src/domain/money.ts';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, currencyId, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
/** How many times the pool ran the batch statement since the test began. */
let batchStatements = 0;

beforeAll(async () => {
  test = await startTestApp();
  const pool = test.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const name = (args[0] as { name?: string } | null)?.name;
    if (name?.startsWith('create_claims_')) batchStatements += 1;
    return query(...args);
  }) as typeof pool.query;
});
afterAll(async () => {
  await test.close();
});

beforeEach(async () => {
  batchStatements = 0;
  await test.database.db.execute(
    sql`update claims set status = 'canceled', hold = 0 where status not in ('completed', 'expired', 'canceled', 'rejected')`,
  );
  await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves`);
});

async function setReserve(code: string, amount: string): Promise<void> {
  const lines: string[] = [];
  const operator = await cliOperator(test.database.db);
  const exit = await runOps(['reserves', 'set', code, amount], { db: test.database.db, operator, out: (line) => lines.push(line) });
  expect(exit, lines.join('\n')).toBe(0);
}

async function heldIn(code: string): Promise<string> {
  const id = await currencyId(test.database.db, code);
  const result = await test.database.db.execute<{ held: string }>(
    sql`select held::text from reserve_balances where currency_id = ${id}`,
  );
  return result.rows[0]!.held;
}

async function mailsOf(uuids: string[]): Promise<number> {
  const result = await test.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from claim_mails where claim_uuid = any(${sql.param(uuids)}::uuid[]) and announces_creation`,
  );
  return result.rows[0]!.count;
}

describe('claims created at once', () => {
  it('go in fewer statements than claims, each holding its own payout, and never promise more than the reserve', async () => {
    const toBtc = await validClaim(test, 'SBERRUB', 'BTC');
    const toEth = await validClaim(test, 'SBERRUB', 'ETH');
    // Room for some BTC claims, not all of them; ETH has room for all.
    const btcPayout = (await claimRow(test.database.db, (await call(test, 'POST', '/api/v1/claim/', toBtc)).body.uuid)).to_summa as string;
    await test.database.db.execute(sql`update claims set status = 'canceled', hold = 0 where status = 'awaiting_payment'`);
    await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves`);
    await setReserve('BTC', add(add(btcPayout, btcPayout), add(btcPayout, btcPayout)));
    batchStatements = 0;

    const payloads = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? toBtc : toEth));
    const replies = await Promise.all(payloads.map((payload) => call(test, 'POST', '/en/api/v1/claim/', payload)));

    expect(batchStatements).toBeGreaterThan(0);
    expect(batchStatements).toBeLessThan(payloads.length);
    const created = replies.filter((reply) => reply.status === 201).map((reply) => reply.body.uuid as string);
    const refused = replies.filter((reply) => reply.status !== 201);
    for (const reply of refused) {
      expect(reply.status).toBe(400);
      expect(reply.body.toSumma[0]).toMatch(/^Not enough reserve: .* available\.$/);
    }
    const rows = await Promise.all(created.map((uuid) => claimRow(test.database.db, uuid)));
    const btcId = await currencyId(test.database.db, 'BTC');
    const btcRows = rows.filter((row) => row.to_currency_id === btcId);
    const ethRows = rows.filter((row) => row.to_currency_id !== btcId);
    // Exactly as many BTC claims as the reserve covers; every ETH claim.
    expect(btcRows.length).toBe(4);
    expect(ethRows.length).toBe(12);
    expect(refused.length).toBe(8);
    for (const row of rows) {
      expect(row.status).toBe('awaiting_payment');
      expect(compare(row.hold, row.to_summa)).toBe(0);
      expect(row.receiving_account_id).not.toBeNull();
    }
    expect(compare(await heldIn('BTC'), btcRows.reduce((sum, row) => add(sum, row.to_summa), '0'))).toBe(0);
    expect(compare(await heldIn('ETH'), ethRows.reduce((sum, row) => add(sum, row.to_summa), '0'))).toBe(0);
    // Each priced from its own direction: the same give amount, the payouts of two courses.
    expect(new Set(btcRows.map((row) => row.to_summa)).size).toBe(1);
    expect(new Set(ethRows.map((row) => row.to_summa)).size).toBe(1);
    expect(compare(btcRows[0]!.to_summa, ethRows[0]!.to_summa)).not.toBe(0);
    expect(await mailsOf(created)).toBe(created.length);
  });

  it('refuses only the claim that makes the statement fail; the others of its batch are created', async () => {
    const payload = await validClaim(test, 'SBERRUB', 'ETH');
    await test.database.db.execute(sql`create function refuse_test_claim() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await test.database.db.execute(sql`create trigger refuse_test_claim before insert on claims for each row
      when (new.email = 'refused@example.com') execute function refuse_test_claim()`);
    try {
      const payloads = Array.from({ length: 12 }, (_, index) =>
        index === 5 ? { ...payload, email: 'refused@example.com' } : payload,
      );
      const replies = await Promise.all(payloads.map((body) => call(test, 'POST', '/api/v1/claim/', body)));
      expect(replies.map((reply) => reply.status)).toEqual(payloads.map((_, index) => (index === 5 ? 500 : 201)));
      const count = await test.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from claims where email = 'refused@example.com'`,
      );
      expect(count.rows[0]!.count).toBe(0);
      const created = replies.filter((reply) => reply.status === 201).map((reply) => reply.body.uuid as string);
      expect(new Set(created).size).toBe(11);
      expect(await mailsOf(created)).toBe(11);
    } finally {
      await test.database.db.execute(sql`drop trigger refuse_test_claim on claims`);
      await test.database.db.execute(sql`drop function refuse_test_claim()`);
    }
  });
});
