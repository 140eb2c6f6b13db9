// The console's claims queue on a grown database: every statement its polls send (counts, pages, totals, each
// kind of search, each filter) is recorded at the driver and EXPLAINed with its own parameters; none may read the
// claims table sequentially. The status counters the counts read must equal a real count after every kind of write.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCounts, claimQueue } from '../../server/claims/queue.ts';
import { digestUndigestedClaims } from '../../server/claims/requisiteDigests.ts';
import { opsClaimsQuery } from '../../src/api/schemas/ops.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { sequentialReads, statementsOf, type Statement } from './support/queryPlans.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

const CLAIMS = 60_000;
/** Claims the demo seed already made (the demo partner's invited friend, all completed). */
let seededClaims = 0;
const PAGE_SIZE = 20;

let database: OwnDatabase;

const CLAIMS_TABLE = new Set(['claims']);

function recorded(action: () => Promise<unknown>) {
  return statementsOf(CLAIMS_TABLE, action);
}

function sequentialReadsOf(statements: Statement[]) {
  return sequentialReads(database.pool, statements, CLAIMS_TABLE);
}

async function queue(query: Record<string, string>, page = 1) {
  return claimQueue(database.db, opsClaimsQuery.parse(query), { offset: (page - 1) * PAGE_SIZE, size: PAGE_SIZE });
}

async function countedByStatus(): Promise<Record<string, number>> {
  const { rows } = await database.pool.query<{ status: string; value: string }>(
    'select status, sum(rows) as value from claim_status_counts group by status having sum(rows) <> 0',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.value)]));
}

async function realByStatus(): Promise<Record<string, number>> {
  const { rows } = await database.pool.query<{ status: string; value: string }>('select status, count(*) as value from claims group by status');
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.value)]));
}

beforeAll(async () => {
  database = await freshDatabase(5);
  seededClaims = Number((await database.pool.query<{ n: string }>('select count(*) as n from claims')).rows[0]!.n);
  // Years of claims over 6 000 e-mails and every direction, each with its own address and a spread of amounts.
  // Seeding a grown database takes longer than a request's statement timeout on a loaded machine.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into claims (status, email, from_currency_id, to_currency_id, from_summa, to_summa, course,
        from_requisites, to_requisites, deadline, created_at, updated_at)
      select case when i % 50 = 0 then 'awaiting_payment' when i % 7 = 0 then 'expired' else 'completed' end,
        'client' || (i % 6000) || '@example.com', d.from_id, d.to_id, 100 + i % 5000, (100 + i % 5000) * d.course, d.course,
        jsonb_build_object('card', '4276 3800 ' || lpad(i::text, 8, '0')), jsonb_build_object('address', 'addr' || i),
        now() - i * interval '9 minutes' + interval '30 minutes', now() - i * interval '9 minutes', now() - i * interval '9 minutes'
      from generate_series(1, ${CLAIMS}) i
      cross join lateral (select from_id, to_id, course from directions order by id limit 1 offset i % 5) d`);
    // Each claim was given a deposit address of its own.
    await tx.execute(sql`
      insert into deposit_addresses (currency_id, network, address, claim_uuid, used_at)
      select from_currency_id, 'btc', 'deposit-' || uuid, uuid, created_at from claims`);
  });
  // Inserted as claims stored before requisite digests were: an instance's start digests them (server/main.ts).
  expect(await digestUndigestedClaims(database.db)).toBe(CLAIMS);
  await database.db.execute(sql`analyze`);
}, 300_000);
afterAll(async () => {
  await database.drop();
});

describe('the claims queue on a grown database', () => {
  it('counts per status and the unfiltered pages (first, deep) read no claims sequentially', async () => {
    const statements = await recorded(async () => {
      const counts = await claimCounts(database.db);
      expect(counts.byStatus.awaiting_payment).toBe(CLAIMS / 50);
      const first = await queue({});
      expect(first.count).toBe(CLAIMS + seededClaims);
      expect(first.rows).toHaveLength(PAGE_SIZE);
      expect((await queue({}, 1000)).rows).toHaveLength(PAGE_SIZE);
      expect((await queue({ status: 'awaiting_payment' })).count).toBe(CLAIMS / 50);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it('filters by direction and dates with a look-ahead total, through indexes', async () => {
    const [direction] = (
      await database.db.execute<{ code: string }>(sql`
        select f.code || '-' || t.code as code from directions d join currencies f on f.id = d.from_id
        join currencies t on t.id = d.to_id order by d.id limit 1`)
    ).rows;
    const statements = await recorded(async () => {
      const byDirection = await queue({ direction: direction!.code });
      expect(byDirection.rows).toHaveLength(PAGE_SIZE);
      // 12 000 claims of that direction: the total looks ten pages and one claim ahead, not at all of them.
      expect(byDirection.count).toBe(PAGE_SIZE * 10 + 1);
      const today = new Date().toISOString().slice(0, 10);
      expect((await queue({ date_from: today, date_to: today })).rows.length).toBeGreaterThan(0);
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it('finds by number prefix (the payment comment), e-mail, requisite, deposit address and amount through indexes, and a miss reads nothing', async () => {
    const [claim] = (await database.db.execute<{ uuid: string }>(sql`select uuid from claims order by created_at desc limit 1`)).rows;
    const statements = await recorded(async () => {
      expect((await queue({ q: claim!.uuid.slice(0, 8) })).rows.map((row) => row.uuid)).toContain(claim!.uuid);
      expect((await queue({ q: claim!.uuid.toUpperCase() })).rows.map((row) => row.uuid)).toEqual([claim!.uuid]);
      expect((await queue({ q: 'Client17@Example.com' })).count).toBe(10);
      expect((await queue({ q: 'ADDR12345' })).rows).toHaveLength(1);
      expect((await queue({ q: '4276380000012345' })).rows).toHaveLength(1);
      expect((await queue({ q: '4345.00' })).count).toBe(12);
      // A card transfer's comment is the claim number; a coin payment names the address it arrived at.
      expect((await queue({ q: claimNumber(claim!.uuid) })).rows.map((row) => row.uuid)).toContain(claim!.uuid);
      expect((await queue({ q: `deposit-${claim!.uuid}` })).rows.map((row) => row.uuid)).toEqual([claim!.uuid]);
      expect(await queue({ q: 'nobody-here' })).toEqual({ count: 0, rows: [] });
    });
    expect(await sequentialReadsOf(statements)).toEqual({});
  });

  it('keeps the status counters equal to a real count through inserts, moves and deletes', async () => {
    expect(await countedByStatus()).toEqual(await realByStatus());
    await database.db.execute(sql`update claims set status = 'cancelled' where status = 'awaiting_payment' and email like 'client1%'`);
    await database.db.execute(sql`update claims set updated_at = now() where email = 'client2@example.com'`);
    await database.db.execute(sql`delete from claims where email = 'client3@example.com'`);
    expect(await countedByStatus()).toEqual(await realByStatus());
  });
});
