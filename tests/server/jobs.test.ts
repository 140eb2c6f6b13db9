// Background jobs: claim expiry takes exactly the claims past their deadline, once, even with runs in
// parallel, and wakes when the next unpaid claim falls due.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/jobs/index.ts';
import { expireClaims } from '../../server/claims/expiry.ts';
import { EXPIRY_MAX_SLEEP_MS, EXPIRY_MIN_SLEEP_MS, nextExpiryDelay } from '../../server/claims/expirySchedule.ts';
import { call, startTestApp, type TestApp, testConfig } from './support/app.ts';
import { claimRow, eventsOf, validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function newClaims(count: number): Promise<string[]> {
  const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '25' });
  const uuids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await call(test, 'POST', '/api/v1/claim/', payload);
    expect(reply.status).toBe(201);
    uuids.push(reply.body.uuid);
  }
  return uuids;
}

async function setDeadline(uuids: string[], offsetSeconds: number): Promise<void> {
  await test.database.db.execute(
    sql`update claims set deadline = now() + make_interval(secs => ${offsetSeconds}) where uuid in (${sql.join(
      uuids.map((uuid) => sql`${uuid}::uuid`),
      sql`, `,
    )})`,
  );
}

describe('claim expiry', () => {
  it('expires exactly the unpaid claims past their deadline, and two runs in parallel never double-process', async () => {
    const due = await newClaims(4);
    const notYet = await newClaims(3);
    const [paidLate] = await newClaims(1);
    await setDeadline(due, -5);
    await setDeadline(notYet, 60);
    await setDeadline([paidLate!], -5);
    await test.database.db.execute(sql`update claims set status = 'paid' where uuid = ${paidLate!}`);

    const [first, second] = await Promise.all([expireClaims(test.database.db), expireClaims(test.database.db)]);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((uuid) => due.includes(uuid)).sort()).toEqual([...due].sort());
    expect(all.some((uuid) => notYet.includes(uuid) || uuid === paidLate)).toBe(false);

    for (const uuid of due) {
      expect((await claimRow(test.database.db, uuid)).status).toBe('expired');
      expect((await eventsOf(test.database.db, uuid)).filter((event) => event.to_status === 'expired')).toEqual([
        { from_status: 'awaiting_payment', to_status: 'expired', actor: 'system' },
      ]);
    }
    for (const uuid of notYet) expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
    expect((await claimRow(test.database.db, paidLate!)).status).toBe('paid');
    expect(await expireClaims(test.database.db)).toEqual([]);
  });

  it('splits a large backlog between parallel runs without overlap', async () => {
    const backlog = await newClaims(60);
    await setDeadline(backlog, -1);
    const runs = await Promise.all([1, 2, 3, 4].map(() => expireClaims(test.database.db)));
    const all = runs.flat();
    expect(all.length).toBe(new Set(all).size);
    expect(all.filter((uuid) => backlog.includes(uuid)).length).toBe(60);
    const events = await test.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from claim_events where to_status = 'expired' and claim_uuid in (${sql.join(
        backlog.map((uuid) => sql`${uuid}::uuid`),
        sql`, `,
      )})`,
    );
    expect(events.rows[0]!.n).toBe(60);
  });

  it('once started, expires a claim soon after it falls due', async () => {
    const [uuid] = await newClaims(1);
    // A one-second payment window: the job never sleeps longer than a claim created now takes to fall due.
    const jobs = startJobs(test.database, testConfig({ PAYMENT_WINDOW_SECONDS: '1' }));
    try {
      await setDeadline([uuid!], -1);
      const until = Date.now() + 5000;
      while ((await claimRow(test.database.db, uuid!)).status !== 'expired' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await call(test, 'GET', `/api/v1/claim/${uuid!}/status/`)).body.status).toBe('expired');
    } finally {
      await jobs.stop();
    }
  });
});

describe('expiry schedule', () => {
  it('sleeps until the earliest unpaid deadline, within its bounds', async () => {
    await expireClaims(test.database.db);
    await test.database.db.execute(sql`update claims set deadline = now() + interval '1 hour' where status = 'awaiting_payment'`);
    // Nothing due within the hour: the longest sleep, or one payment window when that is shorter.
    expect(await nextExpiryDelay(test.database.db, 1800)).toBe(EXPIRY_MAX_SLEEP_MS);
    expect(await nextExpiryDelay(test.database.db, 5)).toBe(5000);
    const [soon] = await newClaims(1);
    await setDeadline([soon!], 20);
    const delay = await nextExpiryDelay(test.database.db, 1800);
    expect(delay).toBeGreaterThan(15_000);
    expect(delay).toBeLessThanOrEqual(20_000);
    await setDeadline([soon!], -5);
    expect(await nextExpiryDelay(test.database.db, 1800)).toBe(EXPIRY_MIN_SLEEP_MS);
  });
});
