// A payout the reserve cannot cover, moved on the console: 409 reserve_short with a translated
// reason instead of a 500, and nothing changes. Holds normally cover every open payout, so the test makes the
// shortfall by hand: the claim's hold is dropped and the reserve lowered below its payout, straight in SQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';
import { signedInOperator, type SignedInOperator } from './support/operators.ts';

let test: TestApp;
let operator: SignedInOperator;

beforeAll(async () => {
  test = await startTestApp();
  operator = await signedInOperator(test, 'reserve-short@example.com', 'operator');
});
afterAll(async () => {
  await test.close();
});

async function state(uuid: string) {
  const [row] = (
    await test.database.db.execute(sql`select c.status, r.amount, r.held,
        (select count(*)::int from claim_events e where e.claim_uuid = c.uuid and e.to_status = 'completed') as completions,
        (select count(*)::int from audit_log a where a.target = c.uuid::text and a.after->>'status' = 'completed') as audited
      from claims c join reserve_balances r on r.currency_id = c.to_currency_id where c.uuid = ${uuid}`)
  ).rows;
  return row;
}

describe('completing a claim the reserve cannot cover', () => {
  it('answers 409 with the reason in the operator language and changes nothing', async () => {
    const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500' }));
    expect(created.status).toBe(201);
    const uuid: string = created.body.uuid;
    for (const status of ['paid', 'processing']) {
      const moved = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status }, operator.as);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // The claim's hold goes back to the free reserve, and the reserve is cut to half its payout above what the
    // other open claims hold.
    await test.database.db.execute(sql`
      with claim as (select hold, to_summa, to_currency_id from claims where uuid = ${uuid}),
      released as (update claims set hold = 0 where uuid = ${uuid}),
      freed as (select reserve_release(claim.to_currency_id, claim.hold) from claim)
      update reserves r set amount = b.held - claim.hold + claim.to_summa / 2
      from claim, reserve_balances b, freed
      where r.currency_id = claim.to_currency_id and b.currency_id = claim.to_currency_id`);
    const before = await state(uuid);

    const ru = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'completed' }, operator.as);
    expect(ru.status).toBe(409);
    expect(ru.body).toEqual({ detail: 'Резерва не хватает на эту выплату: сначала пополните резерв.', code: 'reserve_short' });
    const en = await call(test, 'POST', `/ops-api/en/v1/claims/${uuid}/move/`, { status: 'completed' }, operator.as);
    expect(en.status).toBe(409);
    expect(en.body).toEqual({ detail: 'The reserve cannot cover this payout: raise the reserve first.', code: 'reserve_short' });

    expect(await state(uuid)).toEqual(before);
    expect(before).toMatchObject({ status: 'processing', completions: 0, audited: 0 });
  });
});
