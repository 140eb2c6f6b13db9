// Background jobs: claim expiry takes exactly the claims past their deadline, once, even with runs in
// parallel; referral accrual credits a completed claim's partner once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/jobs/index.ts';
import { accrueReferrals } from '../../server/jobs/accrueReferrals.ts';
import { expireClaims } from '../../server/jobs/expireClaims.ts';
import { request, startCoreApp, type CoreTestApp } from './support/app.ts';
import { claimRow, eventsOf, validClaim } from './support/claims.ts';
import { newUser } from './users.support.ts';

let test: CoreTestApp;

beforeAll(async () => {
  test = await startCoreApp();
});
afterAll(async () => {
  await test.close();
});

async function newClaims(count: number): Promise<string[]> {
  const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '25' });
  const uuids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await request(test, 'POST', '/api/v1/claim/', payload);
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

  it('runs by itself every interval once started', async () => {
    const [uuid] = await newClaims(1);
    const jobs = startJobs(test.database.db, test.config, 50);
    try {
      await setDeadline([uuid!], -1);
      const until = Date.now() + 5000;
      while ((await claimRow(test.database.db, uuid!)).status !== 'expired' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await request(test, 'GET', `/api/v1/claim/${uuid!}/status/`)).body.status).toBe('expired');
    } finally {
      jobs.stop();
    }
  });
});

describe('referral accrual', () => {
  it('credits the partner of a completed claim once', async () => {
    const partner = await newUser(test);
    const [code] = (
      await test.database.db.execute<{ referral_code: string }>(
        sql`select referral_code from users where id = ${partner.id}`,
      )
    ).rows;
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', {
      fromSumma: '1000',
      refferal: code!.referral_code,
    });
    const uuid = (await request(test, 'POST', '/api/v1/claim/', payload)).body.uuid as string;
    await test.database.db.execute(sql`update claims set status = 'completed' where uuid = ${uuid}`);
    expect(await accrueReferrals(test.database.db)).toBeGreaterThanOrEqual(1);
    expect(await accrueReferrals(test.database.db)).toBe(0);
    const movements = await test.database.db.execute<{ amount: string }>(
      sql`select amount from referral_movements where user_id = ${partner.id} and source_key = ${`claim:${uuid}`}`,
    );
    expect(movements.rows).toHaveLength(1);
    expect(Number(movements.rows[0]!.amount)).toBeGreaterThan(0);
  });
});
