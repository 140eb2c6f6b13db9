// Setting a reserve never erases a payout made meanwhile: the console sends the amount the operator saw and the
// write is refused (409, translated) when the reserve is no longer that; the CLI sets against the amount it read
// (or --was) and moves it by a delta with `reserves add`.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are checked by the assertions */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
let cookie: string;

async function reserve(code: string): Promise<string> {
  const rows = await test.database.db.execute<{ amount: string }>(
    sql`select r.amount::text as amount from reserves r join currencies c on c.id = r.currency_id where c.code = ${code}`,
  );
  return rows.rows[0]!.amount;
}

/** A payout completed meanwhile: the reserve shrinks by it (what a completion does to reserve and hold). */
async function payoutMeanwhile(code: string, amount: string): Promise<void> {
  await test.database.db.execute(sql`update reserves set amount = amount - ${amount}::numeric
    where currency_id = (select id from currencies where code = ${code})`);
}

beforeAll(async () => {
  test = await startTestApp();
  const operator = await createOperator(test.database.db, CLI_ACTOR, 'reserves@example.com', 'operator-pass-1');
  const reply = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', { email: operator.email, password: 'operator-pass-1', code: totpCode(operator.secret) });
  cookie = reply.headers.getSetCookie().find((line) => line.startsWith('ops_session='))!.split(';')[0]!;
});
afterAll(async () => {
  await test.close();
});

describe('the console', () => {
  it('refuses to set a reserve that changed since the operator read it, and keeps the payout', async () => {
    const seen = (await call(test, 'GET', '/ops-api/v1/reserves/', undefined, { headers: { cookie } })).body.find((row: any) => row.code === 'ETH').amount;
    await payoutMeanwhile('ETH', '1');
    const after = await reserve('ETH');
    const stale = await call(test, 'PUT', '/ops-api/en/v1/reserves/ETH/', { amount: '500', expected: seen }, { headers: { cookie } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: `The reserve changed while you were editing it (it is ${after} now): check it and save again.`, code: 'reserve_changed' });
    expect(await reserve('ETH')).toBe(after);
    const fresh = await call(test, 'PUT', '/ops-api/v1/reserves/ETH/', { amount: '500', expected: after }, { headers: { cookie } });
    expect(fresh.status).toBe(200);
    expect(await reserve('ETH')).toBe('500');
    expect((await call(test, 'PUT', '/ops-api/v1/reserves/ETH/', { amount: '600' }, { headers: { cookie } })).status).toBe(400);
  });
});

describe('the CLI', () => {
  it('sets against the amount the operator saw (--was) and moves a reserve by a delta', async () => {
    const lines: string[] = [];
    const ops = async (...argv: string[]) => runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
    const seen = await reserve('LTC');
    await payoutMeanwhile('LTC', '2');
    expect(await ops('reserves', 'set', 'LTC', '900', '--was', seen)).toBe(1);
    expect(lines.at(-1)).toMatch(/^refused: the reserve of LTC is .* now, not /);
    const now = await reserve('LTC');
    expect(await ops('reserves', 'add', 'LTC', '10')).toBe(0);
    expect(await reserve('LTC')).toBe(String(Number(now) + 10));
    expect(await ops('reserves', 'add', 'LTC', '-5')).toBe(0);
    expect(await reserve('LTC')).toBe(String(Number(now) + 5));
    expect(await ops('reserves', 'set', 'LTC', '900')).toBe(0);
    expect(await reserve('LTC')).toBe('900');
  });
});
