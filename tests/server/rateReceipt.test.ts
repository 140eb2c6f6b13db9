// The rate receipt of GET /api/v1/claim/{uuid}/form/: the claim's course, set by the operator or computed by a
// formula from market quotes (with their moment), fixed until the payment deadline, and the confirmations a coin
// deposit needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { claimForm } from '../../src/api/schemas/claim.ts';
import { notifyCatalogChanged } from '../../server/catalogue/events.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function receiptOf(from: string, to: string) {
  const email = `receipt-${from}-${to}@example.com`.toLowerCase();
  const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, from, to, { email }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const form = claimForm.parse((await call(test, 'GET', `/api/v1/claim/${created.body.uuid}/form/`)).body);
  return { form, receipt: form.rateReceipt! };
}

describe('the rate receipt', () => {
  it('says a typed course was set by the operator, is fixed until the deadline, and how many confirmations a coin needs', async () => {
    const { form, receipt } = await receiptOf('BTC', 'SBERRUB');
    expect(receipt).toEqual({
      course: form.course,
      source: 'operator',
      formula: null,
      quotes: [],
      quotedAt: null,
      promoPercent: null,
      fixedUntil: form.deadline,
      confirmations: 2,
    });
    expect((await receiptOf('SBERRUB', 'BTC')).receipt.confirmations).toBeNull();
  });

  it('names the formula and the quotes a market course was computed from, with their moment', async () => {
    const db = test.database.db;
    const pair = sql`from_id = (select id from currencies where code = 'LTC')
      and to_id = (select id from currencies where code = 'SBERRUB')`;
    const created = await call(
      test,
      'POST',
      '/api/v1/claim/',
      await validClaim(test, 'LTC', 'SBERRUB', { email: 'receipt-formula@example.com' }),
    );
    expect(created.status).toBe(201);
    // The direction had followed this formula since before the claim, and its course came from these quotes.
    await db.execute(sql`insert into direction_formulas (direction_id, course_formula)
      select id, 'binance:LTCUSDT * cbr:USD * 0.98' from directions where ${pair}`);
    await db.execute(sql`insert into rate_events (direction_id, kind, detail, at)
      select id, 'formula_set', 'binance:LTCUSDT * cbr:USD * 0.98', now() - interval '1 hour' from directions where ${pair}`);
    await db.execute(sql`insert into rate_history (direction_id, course, inputs, at)
      select id, course, '{"binance:LTCUSDT": "85.1", "cbr:USD": "97.98"}'::jsonb, now() - interval '10 minutes'
      from directions where ${pair}`);
    try {
      const form = claimForm.parse((await call(test, 'GET', `/api/v1/claim/${created.body.uuid}/form/`)).body);
      const receipt = form.rateReceipt!;
      expect(receipt).toMatchObject({
        course: form.course,
        source: 'formula',
        formula: 'binance:LTCUSDT * cbr:USD * 0.98',
        confirmations: 6,
        fixedUntil: form.deadline,
      });
      expect(Date.parse(receipt.quotedAt!)).toBeLessThan(Date.parse(form.createdAt));
      expect(receipt.quotes).toEqual(
        expect.arrayContaining([
          { symbol: 'binance:LTCUSDT', price: '85.1' },
          { symbol: 'cbr:USD', price: '97.98' },
        ]),
      );
    } finally {
      await db.execute(sql`delete from direction_formulas`);
      await notifyCatalogChanged(db);
    }
  });
});
