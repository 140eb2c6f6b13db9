// The operator CLI: claims move only along the status table (as the real `node server/ops/cli.ts` too),
// completing a referred claim credits the partner, and the catalogue, promo-code and switch commands.
import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextStatuses } from '../../src/domain/claimStatus.ts';
import { add, compare, subtract } from '../../src/domain/money.ts';
import { runOps } from '../../server/ops/commands.ts';
import { auditLog } from '../../server/db/schema/operators.ts';
import { referralBalances, withdrawals } from '../../server/db/schema/referral.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser } from './support/accounts.ts';
import { claimRow, eventsOf, pairOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';
import { CHILD_LIMITS } from './support/childLimits.ts';

let test: TestApp;
let dbUrl: string;

beforeAll(async () => {
  test = await startTestApp();
  dbUrl = test.database.url;
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

async function newClaim(overrides = {}): Promise<string> {
  const reply = await call(
    test,
    'POST',
    '/api/v1/claim/',
    await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500', ...overrides }),
  );
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

describe('claims', () => {
  it('moves a claim along the table to completed and logs each step as operator', async () => {
    const uuid = await newClaim();
    const reserveOf = async () =>
      (
        await test.database.db.execute<{ amount: string }>(
          sql`select r.amount from reserves r join currencies c on c.id = r.currency_id where c.code = 'SBERRUB'`,
        )
      ).rows[0]!.amount;
    const reserveBefore = await reserveOf();
    for (const status of ['paid', 'processing', 'completed']) {
      const result = await ops('claims', 'move', uuid, status, '--note', `step ${status}`);
      expect(result.code, result.output).toBe(0);
    }
    const completed = await claimRow(test.database.db, uuid);
    expect(completed.status).toBe('completed');
    // The payout left the exchanger: SBERRUB's reserve shrank by exactly the claim's receive amount.
    expect(compare(await reserveOf(), subtract(reserveBefore, completed.to_summa))).toBe(0);
    expect(
      (await eventsOf(test.database.db, uuid)).map((event) => `${event.from_status}>${event.to_status}:${event.actor}`),
    ).toEqual([
      'null>awaiting_payment:client',
      'awaiting_payment>paid:operator',
      'paid>processing:operator',
      'processing>completed:operator',
    ]);
    const show = await ops('claims', 'show', uuid);
    expect(show.output).toContain('processing → completed  by operator  (step completed)');
    expect(show.output).toContain('next: none (final)');
  });

  it('refuses every move the status table does not allow, leaving the claim as it was', async () => {
    const uuid = await newClaim();
    expect(nextStatuses('awaiting_payment', 'operator')).not.toContain('completed');
    const skip = await ops('claims', 'move', uuid, 'completed');
    expect(skip.code).toBe(1);
    expect(skip.output).toMatch(
      /refused: awaiting_payment → completed is not allowed; from awaiting_payment an operator may move to: paid, expired, canceled/,
    );
    expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
    expect(await eventsOf(test.database.db, uuid)).toHaveLength(1);

    expect((await ops('claims', 'move', uuid, 'canceled')).code).toBe(0);
    for (const status of ['awaiting_payment', 'paid', 'completed', 'new']) {
      expect((await ops('claims', 'move', uuid, status)).code, status).toBe(1);
    }
    expect((await ops('claims', 'move', uuid, 'teleported')).code).toBe(2);
    expect((await ops('claims', 'move', '00000000-0000-4000-8000-000000000000', 'paid')).code).toBe(1);
  });

  it('credits the partner when a referred claim completes', async () => {
    const partner = await newUser(test);
    const [row] = (
      await test.database.db.execute<{ referral_code: string }>(
        sql`select referral_code from users where id = ${partner.id}`,
      )
    ).rows;
    const uuid = await newClaim({ refferal: row!.referral_code });
    for (const status of ['paid', 'processing']) await ops('claims', 'move', uuid, status);
    const done = await ops('claims', 'move', uuid, 'completed');
    expect(done.output).toMatch(/referral reward credited: \d+\.\d{2} RUB/);
  });

  it('lists claims by status', async () => {
    const uuid = await newClaim();
    await ops('claims', 'move', uuid, 'paid');
    const list = await ops('claims', 'list', '--status', 'paid');
    expect(list.code).toBe(0);
    expect(list.output).toContain(uuid);
    expect(
      list.output
        .split('\n')
        .slice(0, -1)
        .every((line) => line.includes(' paid ')),
    ).toBe(true);
    expect((await ops('claims', 'list', '--status', 'nonsense')).code).toBe(2);
  });

  it('works as the real command line, refusing an illegal move with a non-zero exit', async () => {
    const uuid = await newClaim();
    const env = { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'error' };
    const run = (...argv: string[]) =>
      spawnSync(process.execPath, ['server/ops/cli.ts', ...argv], { env, encoding: 'utf8', ...CHILD_LIMITS });
    const operator = await cliOperator(test.database.db);
    const anonymous = run('claims', 'move', uuid, 'paid');
    expect(anonymous.status).toBe(2);
    expect(anonymous.stdout).toContain('--as <operator e-mail>');
    expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
    const moved = run('claims', 'move', uuid, 'paid', '--as', operator);
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`${uuid}: awaiting_payment → paid`);
    const refused = spawnSync(process.execPath, ['server/ops/cli.ts', 'claims', 'move', uuid, 'completed'], {
      env: { ...env, OPS_AS: operator },
      encoding: 'utf8',
      ...CHILD_LIMITS,
    });
    expect(refused.status).toBe(1);
    expect((await claimRow(test.database.db, uuid)).status).toBe('paid');
    const help = run();
    expect(help.status).toBe(2);
    expect(help.stdout).toContain('claims move <uuid> <status>');
  }, 90_000);
});

describe('catalogue, promo codes and switches', () => {
  it('sets limits and reserves that the claim endpoint then enforces', async () => {
    expect((await ops('limits', 'set', 'USDTTRC20', 'SBERRUB', '--from-min', '200', '--to-max', 'none')).code).toBe(0);
    const pair = await pairOf(test, 'USDTTRC20', 'SBERRUB');
    expect(pair.from.min).toBe('200');
    expect(pair.to.max).toBeNull();
    const low = await call(
      test,
      'POST',
      '/api/v1/claim/',
      await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' }),
    );
    expect(low.status).toBe(400);
    // Open claims hold part of the reserve: it cannot go below that, and 1000 above it is what stays available.
    const held = (
      await test.database.db.execute<{ held: string }>(
        sql`select held::text from reserve_balances where currency_id = (select id from currencies where code = 'SBERRUB')`,
      )
    ).rows[0]!.held;
    expect(compare(held, '1000')).toBeGreaterThan(0);
    const refused = await ops('reserves', 'set', 'SBERRUB', '1000');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`refused: the reserve of SBERRUB cannot be 1000`);
    expect(refused.output).toContain(`(${held})`);
    const reserve = add(held, '1000');
    expect((await ops('reserves', 'set', 'SBERRUB', reserve)).output).toMatch(/available 1000(\.0+)?$/);
    const line = (await ops('reserves', 'list')).output.split('\n').find((text) => text.startsWith('SBERRUB '));
    const [, amountShown, heldShown, availableShown] = line!.split(/\s+/);
    expect([compare(amountShown!, reserve), compare(heldShown!, held), compare(availableShown!, '1000')]).toEqual([0, 0, 0]);
    const over = await call(
      test,
      'POST',
      '/api/v1/claim/',
      await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '300' }),
    );
    expect(over.body.toSumma).toHaveLength(1);
    expect((await ops('reserves', 'set', 'SBERRUB', '25000000')).code).toBe(0);
    expect((await ops('reserves', 'set', 'NOPE', '1')).code).toBe(2);
    expect((await ops('rates', 'set', 'BTC', 'SBERRUB', 'lots')).code).toBe(2);
    expect((await ops('limits', 'set', 'BTC', 'SBERRUB')).code).toBe(2);
  });

  it('creates a promo code with a number of uses', async () => {
    expect((await ops('promocodes', 'create', 'twice', '2', '--uses', '2')).code).toBe(0);
    expect((await ops('promocodes', 'create', 'TWICE', '2')).code).toBe(1);
    const tooMuch = await ops('promocodes', 'create', 'HALFAGAIN', '50');
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.output).toContain('at most 20');
    expect((await ops('promocodes', 'create', 'NOTHING', '0')).code).toBe(1);
    expect((await ops('promocodes', 'list')).output).not.toContain('HALFAGAIN');
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const reply = await call(
        test,
        'POST',
        '/api/v1/claim/',
        await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '300', promocode: 'Twice' }),
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 400]);
    expect((await ops('promocodes', 'list')).output).toMatch(/TWICE\s+2%\s+0\/2 left/);
  });

  it('approves verifications and pays withdrawals through the accounts module, refusing unknown ids', async () => {
    expect((await ops('verifications', 'approve', '999999')).code).toBe(1);
    expect((await ops('verifications', 'reject', '999999', '--reason', 'blurry')).code).toBe(1);
    expect((await ops('withdrawals', 'pay', '999999')).code).toBe(1);
    expect((await ops('withdrawals', 'reject', 'abc')).code).toBe(2);
  });

  it('audits every change under the operator named by --as, and changes nothing without one', async () => {
    const user = await newUser(test);
    await test.database.db.update(referralBalances).set({ balance: '2000.00' }).where(eq(referralBalances.userId, user.id));
    const withdrawal = await call(test, 'POST', '/api/v1/users/me/refferal/withdrawal/', { amount: '700', requisites: '2200700123456789' }, { token: user.access });
    expect(withdrawal.status).toBe(201);
    const id = String(withdrawal.body.id);
    const asNobody = async (...argv: string[]) => runOps(argv, { db: test.database.db, out: () => undefined });

    expect(await asNobody('withdrawals', 'pay', id)).toBe(2);
    expect(await asNobody('withdrawals', 'pay', id, '--as', 'stranger@example.com')).toBe(2);
    expect(await asNobody('promocodes', 'create', 'NOBODY1', '1')).toBe(2);
    const [pending] = await test.database.db.select().from(withdrawals).where(eq(withdrawals.id, Number(id)));
    expect(pending!.status).toBe('pending');
    expect(await asNobody('reserves', 'list')).toBe(0);

    const operator = await cliOperator(test.database.db);
    expect(await asNobody('withdrawals', 'pay', id, '--as', operator.toUpperCase())).toBe(0);
    const rows = await test.database.db.select().from(auditLog).where(eq(auditLog.target, `withdrawal:${id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'withdrawal.pay', actor: operator });
    expect(rows[0]!.operatorId).not.toBeNull();
  });
});
