// Claim expiry and rate ages by the database's clock: deadlines and holds are written with
// PostgreSQL's now(), so deadlines, quote ages and the refresh slot are judged by it too. The process clock is moved days away (only Date is faked: timers, sockets and the driver run
// as usual) while the rows' times are set relative to the database's now; what expires follows the database alone.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expireClaims } from '../../server/claims/expiry.ts';
import { EXPIRY_MAX_SLEEP_MS, nextExpiryDelay } from '../../server/claims/expirySchedule.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { loadRatesConfig } from '../../server/rates/config.ts';
import { setDirectionFormula } from '../../server/rates/operator.ts';
import { refreshRates } from '../../server/rates/refresh.ts';
import { playSources, type PlayedSources } from './support/rateSources.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, currencyId, validClaim } from './support/claims.ts';
import { asCreator } from './support/claimCreator.ts';

const DAYS_3 = 3 * 86_400_000;

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A guest claim whose deadline is `seconds` from the database's now (negative: past). */
async function claimDueIn(seconds: number): Promise<string> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'));
  expect(reply.status).toBe(201);
  const uuid: string = reply.body.uuid;
  await test.database.db.execute(
    sql`update claims set deadline = now() + make_interval(secs => ${seconds}) where uuid = ${uuid}`,
  );
  return uuid;
}

function moveProcessClock(byMs: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + byMs);
}

describe('claim expiry follows the database clock, not the instance clock', () => {
  it('an instance whose clock runs days ahead expires nothing early: not the job, not a page read, not a confirm', async () => {
    const open = await claimDueIn(600);
    moveProcessClock(DAYS_3);
    expect(await expireClaims(test.database.db)).not.toContain(open);
    const status = await call(test, 'GET', `/api/v1/claim/${open}/status/`);
    expect(status.body.status).toBe('awaiting_payment');
    // The countdown is measured by the database's clock too: ten minutes left, not days past.
    const left = Date.parse(status.body.deadline) - Date.parse(status.body.serverTime);
    expect(left).toBeGreaterThan(500_000);
    expect(left).toBeLessThanOrEqual(600_000);
    const confirm = await call(test, 'POST', `/api/v1/claim/${open}/confirm/`, undefined, asCreator(open));
    expect(confirm.body.status).toBe('paid');
    expect((await claimRow(test.database.db, open)).status).toBe('paid');
  });

  it('an instance whose clock runs days behind still expires a claim past its deadline, on a page read and in the job', async () => {
    const [read, job] = [await claimDueIn(-60), await claimDueIn(-60)];
    moveProcessClock(-DAYS_3);
    const status = await call(test, 'GET', `/en/api/v1/claim/${read}/status/`);
    expect(status.body.status).toBe('expired');
    const confirm = await call(test, 'POST', `/en/api/v1/claim/${read}/confirm/`, undefined, asCreator(read));
    expect(confirm.status).toBe(409);
    expect(await expireClaims(test.database.db)).toContain(job);
  });

  it('the job sleeps until the next deadline by the database clock', async () => {
    await expireClaims(test.database.db);
    await test.database.db.execute(sql`update claims set deadline = now() + interval '1 hour' where status = 'awaiting_payment'`);
    const soon = await claimDueIn(20);
    moveProcessClock(-DAYS_3);
    const delay = await nextExpiryDelay(test.database.db, 1800);
    expect(delay).toBeGreaterThan(15_000);
    expect(delay).toBeLessThanOrEqual(20_000);
    moveProcessClock(DAYS_3 * 2);
    expect(await nextExpiryDelay(test.database.db, 1800)).toBeGreaterThan(15_000);
    await test.database.db.execute(sql`update claims set deadline = now() + interval '2 hours' where uuid = ${soon}`);
    expect(await nextExpiryDelay(test.database.db, 1800)).toBe(EXPIRY_MAX_SLEEP_MS);
  });
});

describe('rate ages and the refresh slot follow the database clock', () => {
  let played: PlayedSources;
  const env = { RATES_REFRESH_SECONDS: '60', RATES_MAX_AGE_SECONDS: '300', RATES_FETCH_TIMEOUT_SECONDS: '1' };
  let directionId: number;

  beforeAll(async () => {
    played = await playSources();
    played.cbr.set('USD', ['1', '100,0000']);
    const config = loadRatesConfig({ ...env, RATES_BINANCE_URL: played.url, RATES_CBR_URL: played.url });
    const [from, to] = [await currencyId(test.database.db, 'USDTTRC20'), await currencyId(test.database.db, 'SBERRUB')];
    const found = await test.database.db.execute<{ id: number }>(sql`select id from directions where from_id = ${from} and to_id = ${to}`);
    directionId = found.rows[0]!.id;
    await setDirectionFormula(test.database.db, CLI_ACTOR, config, directionId, { course: 'cbr:USD * 0.99', roundDecimals: 2, maxStepPercent: '5' });
  });
  afterAll(async () => {
    await played.close();
  });

  async function freshness(): Promise<{ quoteAgeS: number; slotDueInS: number; paused: boolean }> {
    const result = await test.database.db.execute<{ quote_age_s: number; slot_due_in_s: number; paused: boolean }>(sql`
      select (select extract(epoch from now() - max(fetched_at))::float from rate_quotes where symbol = 'USD') as quote_age_s,
        (select extract(epoch from next_run_at - now())::float from rate_refresh_slot where id = 1) as slot_due_in_s,
        (select paused from directions where id = ${directionId}) as paused`);
    const row = result.rows[0]!;
    return { quoteAgeS: row.quote_age_s, slotDueInS: row.slot_due_in_s, paused: row.paused };
  }

  for (const [clock, shift] of [
    ['days behind', -DAYS_3],
    ['days ahead', DAYS_3],
  ] as const) {
    it(`an instance whose clock runs ${clock} stamps quotes and takes the slot by the database's now`, async () => {
      await test.database.db.execute(sql`update rate_refresh_slot set next_run_at = now() - interval '1 second' where id = 1`);
      const config = loadRatesConfig({ ...env, RATES_BINANCE_URL: played.url, RATES_CBR_URL: played.url });
      moveProcessClock(shift);
      const outcome = await refreshRates(test.database.db, config);
      expect(outcome.ran).toBe(true);
      const after = await freshness();
      expect(Math.abs(after.quoteAgeS)).toBeLessThan(60);
      expect(after.slotDueInS).toBeGreaterThan(0);
      expect(after.slotDueInS).toBeLessThanOrEqual(60);
      expect(after.paused).toBe(false);
      // Priced by the same clock: the direction takes a claim.
      const claim = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' }));
      expect(claim.status).toBe(201);
    });
  }

  it("an operator's formula written from an instance days behind stamps its course by the database's now", async () => {
    const config = loadRatesConfig({ ...env, RATES_BINANCE_URL: played.url, RATES_CBR_URL: played.url });
    moveProcessClock(-DAYS_3);
    await setDirectionFormula(test.database.db, CLI_ACTOR, config, directionId, { course: 'cbr:USD * 0.98', roundDecimals: 2, maxStepPercent: '5' });
    const result = await test.database.db.execute<{ age_s: number }>(
      sql`select extract(epoch from now() - updated_at)::float as age_s from directions where id = ${directionId}`,
    );
    expect(Math.abs(result.rows[0]!.age_s)).toBeLessThan(60);
    const claim = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' }));
    expect(claim.status).toBe(201);
  });
});
