// Query plans on a grown database: every statement the account lists, the activation, the claim paths and the
// background jobs send is recorded at the driver and EXPLAINed with its own parameters; none may read a big table
// (claims, their events, referral movements) by a sequential scan. Cost that grows with history shows up here as
// a plan, not as a timing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireClaims } from '../../server/claims/expiry.ts';
import { nextExpiryDelay } from '../../server/claims/expirySchedule.ts';
import { moveClaim } from '../../server/claims/service.ts';
import { getCatalog, invalidateCatalog } from '../../server/catalogue/catalog.ts';
import { genericPlan, sequentialReads, statementsOf, type Statement } from './support/queryPlans.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';
import { validClaim } from './support/claims.ts';
import { accountLines } from '../../server/payments/receivingAccounts.ts';
import { openUnpaidClaims } from '../../server/payments/addressQueries.ts';

const BIG_TABLES = new Set(['claims', 'claim_events', 'referral_movements', 'deposit_addresses']);
const CLAIMS = 60_000;
const ACCOUNT_CLAIMS = 6_000;

let test: TestApp;
let owner: SignedIn;

function recorded(action: () => Promise<unknown>) {
  return statementsOf(BIG_TABLES, action);
}

function sequentialReadsOf(statements: Statement[]) {
  return sequentialReads(test.database.pool, statements, BIG_TABLES);
}

beforeAll(async () => {
  test = await startTestApp();
  owner = await newUser(test);
  const db = test.database.db;
  // A year of other people's claims over 6 000 e-mails, 6 000 of the account's own, each that left awaiting payment
  // with its move (a creation writes no event).
  // Seeding a grown database takes longer than a request's statement timeout on a loaded machine.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into claims (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course,
        from_requisites, to_requisites, deadline, created_at, updated_at)
      select case when i % 50 = 0 then 'awaiting_payment' when i % 7 = 0 then 'expired' else 'completed' end,
        case when i <= ${ACCOUNT_CLAIMS} then ${owner.email} else 'client' || (i % 6000) || '@example.com' end,
        case when i <= ${ACCOUNT_CLAIMS} then ${owner.id}::int end,
        d.from_id, d.to_id, 100, 100 * d.course, d.course, '{}'::jsonb, '{}'::jsonb,
        -- Unpaid claims wait for their deadline; only a few are due at a time (the job runs at least every minute).
        case when i % 50 = 0 and i > 200 then now() + interval '30 minutes' else now() + interval '30 minutes' - i * interval '9 minutes' end,
        now() - i * interval '9 minutes', now() - i * interval '9 minutes'
      from generate_series(1, ${CLAIMS}) i
      cross join lateral (select from_id, to_id, course from directions order by id limit 1 offset i % 5) d`);
    await tx.execute(sql`
      insert into claim_events (claim_uuid, from_status, to_status, actor, note, at)
      select uuid, 'awaiting_payment', status, 'system', null, created_at + interval '10 minutes' from claims
      where status <> 'awaiting_payment'`);
    // 5 000 rewards of this partner among 50 000 of the demo partner.
    await tx.execute(sql`
      insert into referral_movements (user_id, kind, reason, amount, reference, source_key, created_at)
      select case when i <= 5000 then ${owner.id}::int else (select id from users where email = 'demo@exchanger.local') end,
        'deposit', 'claim_reward', 10, 'seed', 'plan-seed:' || i, now() - i * interval '10 minutes'
      from generate_series(1, 55000) i`);
    // A coin's pool after 20 000 claims: each got an address, nine in ten were paid, the rest closed unpaid.
    await tx.execute(sql`
      insert into deposit_addresses (currency_id, network, address, claim_uuid, used_at, received_at)
      select coin.id, 'btc', 'plan-seed-' || claim.n, claim.uuid, claim.created_at,
        case when claim.n % 10 <> 0 then claim.created_at end
      from (select uuid, created_at, row_number() over (order by created_at) as n from claims where user_id is null limit 20000) claim
      cross join (select id from currencies where kind = 'crypto' order by id limit 1) coin`);
  });
  await db.execute(sql`analyze`);
}, 300_000);
afterAll(async () => {
  await test.close();
});

describe('query plans on a grown database', () => {
  it('the orders list reads the owner index: first page, a middle page, the last page', async () => {
    const statements = await recorded(async () => {
      for (const page of [1, 150, 299, 300]) {
        const reply = await call(test, 'GET', `/api/v1/users/me/claims/?page=${page}&size=20`, undefined, { token: owner.access });
        expect(reply.body.count).toBe(ACCOUNT_CLAIMS);
        expect(reply.body.results).toHaveLength(20);
      }
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it('the session check reads refresh_tokens by the live family index, alone and inside the orders list, in the generic plans the named statements settle on', async () => {
    // 20 000 tokens of 2 000 accounts: two sign-ins each, five rotations of each.
    await test.database.db.execute(sql`
      with account as (
        insert into users (email, password_hash, activated, referral_code)
        select 'plan-session-' || i || '@example.com', 'unused', true, 'PLANSESSION' || i from generate_series(1, 2000) i
        returning id)
      insert into refresh_tokens (user_id, family_id, token_hash, expires_at, session_expires_at, used_at)
      select account.id, md5(account.id || ':' || family)::uuid, md5(account.id || ':' || family || ':' || rotation),
        now() + interval '7 days', now() + interval '30 days', now()
      from account cross join generate_series(1, 2) family cross join generate_series(1, 5) rotation`);
    await test.database.db.execute(sql`analyze users, refresh_tokens`);
    const statements = await statementsOf(new Set(['refresh_tokens']), async () => {
      for (const path of ['/api/v1/users/me/', '/api/v1/users/me/claims/']) {
        expect((await call(test, 'GET', path, undefined, { token: owner.access })).status).toBe(200);
      }
    });
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      const plan = JSON.stringify(await genericPlan(test.database.pool, statement));
      expect(plan).toContain('"Index Name":"refresh_tokens_live_family_idx"');
      expect(plan).not.toMatch(/"Node Type":"Seq Scan"[^{}]*"Relation Name":"refresh_tokens"/);
    }
  });

  it('the referral movements read the partner index, with and without dates', async () => {
    const statements = await recorded(async () => {
      for (const query of ['?page=1', '?page=200', '?date_from=2020-01-01&date_to=2099-01-01']) {
        expect((await call(test, 'GET', `/api/v1/users/me/refferal/dw/${query}`, undefined, { token: owner.access })).status).toBe(200);
      }
      expect((await call(test, 'GET', '/api/v1/users/me/refferal/dw/count/', undefined, { token: owner.access })).body.count).toBe(5000);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it('the expiry job and its schedule probe only due claims', async () => {
    const statements = await recorded(async () => {
      await expireClaims(test.database.db);
      await nextExpiryDelay(test.database.db, 1800);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it("the catalogue's check that a coin can be paid probes its free and reusable addresses by index", async () => {
    const statements = await recorded(async () => {
      invalidateCatalog(test.database.db);
      await getCatalog(test.database.db);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it("a card claim's least recently used account, and the consoles' last use of each, come from each account's newest claim by index", async () => {
    // 20 000 claims were paid into the rouble accounts, spread over them.
    await test.database.db.execute(sql`
      update claims set receiving_account_id = account.id
      from (select id, row_number() over (order by id) - 1 as n, count(*) over () as accounts from receiving_accounts) account
      where claims.user_id is null and claims.uuid in (select uuid from claims where user_id is null order by created_at limit 20000)
        and account.n = abs(hashtext(claims.uuid::text)) % account.accounts`);
    await test.database.db.execute(sql`analyze claims`);
    const statements = await recorded(async () => {
      expect((await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'SBERRUB', 'BTC'))).status).toBe(201);
      expect((await accountLines(test.database.db)).some((line) => line.lastUsedAt !== null)).toBe(true);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
    const picking = statements.filter(({ text }) => text.includes('receiving_account_id ='));
    expect(picking).toHaveLength(2);
    for (const { text, values } of picking) {
      const plan = await test.database.pool.query(`explain (format json) ${text}`, values);
      expect(JSON.stringify(plan.rows[0])).toContain('"Index Name":"claims_receiving_account_idx"');
    }
  });

  it("the open unpaid claims of an e-mail with thousands of claims are read by e-mail and status in the index", async () => {
    const statements = await recorded(async () => {
      expect((await openUnpaidClaims(test.database.db, 'email', owner.email)).count).toBeGreaterThan(0);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
    const [counting] = statements;
    const plan = JSON.stringify((await test.database.pool.query(`explain (format json) ${counting!.text}`, counting!.values)).rows[0]);
    expect(plan).toContain('"Index Name":"claims_email_status_idx"');
    // Both columns bound: the 6 000 claims of the e-mail that are not open are never visited.
    expect(plan).toMatch(/"Index Cond":"[^"]*\(email\)::text = [^"]*\(status\)::text = /);
  });

  it('completing a claim credits its partner by keys only', async () => {
    const partner = await newUser(test);
    const [row] = (
      await test.database.db.execute<{ uuid: string }>(sql`
        update claims set status = 'processing', referrer_id = ${partner.id}, to_summa = 1
        where uuid = (select uuid from claims where user_id = ${owner.id} order by created_at desc limit 1) returning uuid`)
    ).rows;
    const statements = await recorded(() => moveClaim(test.database.db, row!.uuid, 'completed', 'operator', { note: 'paid out' }));
    expect(await sequentialReadsOf(statements)).toEqual({});
  });
});
