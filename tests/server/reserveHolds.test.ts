// Reserve holds: an open claim holds its payout in the receive currency's reserve, so parallel claims never
// promise more than is available; closing a claim gives the hold back (expiry, cancel, reject) or pays it out
// (completion); the operator cannot take a reserve below zero or below what open claims hold.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { add, compare, subtract } from '../../src/domain/money.ts';
import { expireClaims } from '../../server/claims/expiry.ts';
import { runOps } from '../../server/ops/commands.ts';
import { invalidateCatalog } from '../../server/catalogue/catalog.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, currencyId, pairOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

interface ReserveRow {
  amount: string;
  held: string;
}

async function reserveOf(code: string): Promise<ReserveRow> {
  const id = await currencyId(test.database.db, code);
  const result = await test.database.db.execute<{ amount: string; held: string }>(
    sql`select amount::text, held::text from reserve_balances where currency_id = ${id}`,
  );
  return result.rows[0]!;
}

async function create(payload: unknown, prefix = '') {
  return call(test, 'POST', `${prefix}/api/v1/claim/`, payload);
}

/** USDT → T-Bank claims of 100 USDT: the payout each holds is in roubles. */
async function tbankClaim(fromSumma = '100') {
  return validClaim(test, 'USDTTRC20', 'TCSBRUB', { fromSumma });
}

describe('taking holds at creation', () => {
  beforeEach(async () => {
    // A small reserve and no open claims on it: each test starts from "20,000 available".
    await test.database.db.execute(
      sql`update claims set status = 'canceled', hold = 0 where status not in ('completed', 'expired', 'canceled', 'rejected')`,
    );
    await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves`);
    expect((await ops('reserves', 'set', 'TCSBRUB', '20000')).code).toBe(0);
  });

  it('50 parallel claims never promise more than the available reserve', async () => {
    const payload = await tbankClaim();
    const replies = await Promise.all(Array.from({ length: 50 }, () => create(payload, '/en')));
    const accepted = replies.filter((reply) => reply.status === 201);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const reply of refused) {
      expect(reply.status).toBe(400);
      expect(reply.body.toSumma[0]).toMatch(/^Not enough reserve: .* available\.$/);
    }
    let promised = '0';
    for (const reply of accepted) {
      const row = await claimRow(test.database.db, reply.body.uuid);
      expect(compare(row.hold, row.to_summa)).toBe(0);
      promised = add(promised, row.to_summa);
    }
    expect(compare(promised, '20000')).toBeLessThanOrEqual(0);
    const reserve = await reserveOf('TCSBRUB');
    expect(compare(reserve.amount, '20000')).toBe(0);
    expect(compare(reserve.held, promised)).toBe(0);
    // As many as fit: one more claim would not have.
    const one = (await claimRow(test.database.db, accepted[0]!.body.uuid)).to_summa as string;
    expect(compare(add(promised, one), '20000')).toBeGreaterThan(0);
  });

  it('shows the available amount (reserve − held) in the pair, the reserves list and the CLI', async () => {
    const created = await create(await tbankClaim());
    expect(created.status).toBe(201);
    const { to_summa: held } = await claimRow(test.database.db, created.body.uuid);
    const available = subtract('20000', held);
    // Claims do not announce themselves (that would empty every instance's cache at each claim): the display
    // catches up within the cache's age bound; here it is dropped to read at once.
    invalidateCatalog(test.database.db);
    const pair = await pairOf(test, 'USDTTRC20', 'TCSBRUB');
    expect(compare(pair.reserve, available)).toBe(0);
    const list = await call(test, 'GET', '/api/v1/calculator/reserves/');
    const tbank = (list.body as { currency: { code: string }; amount: string }[]).find(
      (row) => row.currency.code === 'TCSBRUB',
    );
    expect(compare(tbank!.amount, available)).toBe(0);
    const line = (await ops('reserves', 'list')).output.split('\n').find((text) => text.startsWith('TCSBRUB '));
    const [, amount, heldShown, availableShown] = line!.split(/\s+/);
    expect([compare(amount!, '20000'), compare(heldShown!, held), compare(availableShown!, available)]).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('settling holds when a claim closes', () => {
  let uuid: string;
  let payout: string;

  beforeEach(async () => {
    await test.database.db.execute(
      sql`update claims set status = 'canceled', hold = 0 where status not in ('completed', 'expired', 'canceled', 'rejected')`,
    );
    await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves`);
    expect((await ops('reserves', 'set', 'TCSBRUB', '20000')).code).toBe(0);
    const created = await create(await tbankClaim());
    expect(created.status).toBe(201);
    uuid = created.body.uuid;
    payout = (await claimRow(test.database.db, uuid)).to_summa;
    expect(compare((await reserveOf('TCSBRUB')).held, payout)).toBe(0);
  });

  async function expectReleased() {
    const reserve = await reserveOf('TCSBRUB');
    expect(compare(reserve.held, '0')).toBe(0);
    expect(compare(reserve.amount, '20000')).toBe(0);
    expect(compare((await claimRow(test.database.db, uuid)).hold, '0')).toBe(0);
  }

  it('expiry releases the hold', async () => {
    await test.database.db.execute(sql`update claims set deadline = now() - interval '1 second' where uuid = ${uuid}`);
    expect(await expireClaims(test.database.db)).toContain(uuid);
    await expectReleased();
  });

  it('a client cancel releases the hold', async () => {
    expect((await call(test, 'POST', `/api/v1/claim/${uuid}/cancel/`, undefined, asCreator(uuid))).status).toBe(200);
    await expectReleased();
  });

  it('an operator reject releases the hold, also from further along the table', async () => {
    expect((await ops('claims', 'move', uuid, 'paid')).code).toBe(0);
    expect(compare((await reserveOf('TCSBRUB')).held, payout)).toBe(0);
    expect((await ops('claims', 'move', uuid, 'rejected', '--reason', 'AML')).code).toBe(0);
    await expectReleased();
  });

  it('completion pays the hold out: reserve and held shrink together', async () => {
    for (const status of ['paid', 'processing', 'completed'])
      expect((await ops('claims', 'move', uuid, status)).code).toBe(0);
    const reserve = await reserveOf('TCSBRUB');
    expect(compare(reserve.held, '0')).toBe(0);
    expect(compare(reserve.amount, subtract('20000', payout))).toBe(0);
  });

  it('the operator cannot take the reserve below what open claims hold, nor below zero', async () => {
    const below = await ops('reserves', 'set', 'TCSBRUB', subtract(payout, '0.01'));
    expect(below.code).toBe(1);
    expect(below.output).toMatch(/^refused: the reserve of TCSBRUB cannot be/);
    expect((await ops('reserves', 'set', 'TCSBRUB', '-5')).code).toBeGreaterThan(0);
    const reserve = await reserveOf('TCSBRUB');
    expect(compare(reserve.amount, '20000')).toBe(0);
    expect((await ops('reserves', 'set', 'TCSBRUB', payout)).code).toBe(0);
  });

  it('a completion the reserve cannot cover is refused, not floored at zero', async () => {
    // A claim opened before holds existed holds nothing: its payout must still fit in the reserve.
    await test.database.db.execute(sql`update claims set hold = 0 where uuid = ${uuid}`);
    // Nothing held any more, then the reserve one short of the payout.
    const tcsb = sql`(select id from currencies where code = 'TCSBRUB')`;
    await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves where currency_id = ${tcsb}`);
    await test.database.db.execute(
      sql`update reserves set amount = ${subtract(payout, '1')}::numeric where currency_id = ${tcsb}`,
    );
    for (const status of ['paid', 'processing']) expect((await ops('claims', 'move', uuid, status)).code).toBe(0);
    const refused = await ops('claims', 'move', uuid, 'completed');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^refused: completing .* would take its reserve below zero/);
    expect((await claimRow(test.database.db, uuid)).status).toBe('processing');
    expect(compare((await reserveOf('TCSBRUB')).amount, subtract(payout, '1'))).toBe(0);
  });
});
