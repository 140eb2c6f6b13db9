// Claims that one instance creates at the same moment are written by one statement. While IN_FLIGHT creating
// statements of this process run, new claims wait, and the next statement takes them (up to MOST): what every
// statement costs whatever it writes (its start, the locks of its twenty-odd relations, the round trip, the commit
// and its WAL flush) is paid once a batch, not once a claim. A lone claim goes at once, in a batch of one.
//
// Each claim of a batch gets what the statement of one claim would give it: its pricing is checked, its payment
// details picked and its payout held row by row, and a claim that misses one of them is left out without touching
// the others. A batch's statement that fails (two batches waiting for each other's reserve slots, a constraint)
// writes nothing; its claims then go one by one, so one claim's error is its own. Only the claims created without a
// transaction (no Idempotency-Key, promo code, open-claim limit or deposit address: service.ts) are batched.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { prepareStatement, runPrepared, type PreparedStatement } from '../db/prepared.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { claims } from '../db/schema/claims.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { lastGivenSql } from '../payments/receivingAccountUse.ts';
import { AS_PRICED_TYPES, stillAsPriced } from './asPriced.ts';
import { CLAIM_COLUMNS, CLAIM_VALUE_TYPES, claimRowValues, createdStatus, type CreatingRow } from './newClaim.ts';

/** The payment routes whose claims are created without a transaction: an account picked by the statement, or fixed details. */
export type BatchedRoute = 'receiving_account' | 'fixed';

/** Creating statements of one process running at once; more claims wait for the next batch. */
const IN_FLIGHT = 2;
/**
 * The most claims one statement writes: a burst of ten claims then goes in three statements on two connections rather
 * than in one on one (bench:claims, p99 at a fixed 200/s: 20 ms against 21-28 ms with 32, at the same throughput).
 */
const MOST = 4;

interface Waiting {
  route: BatchedRoute;
  values: Record<string, unknown>;
  resolve: (row: CreatingRow | undefined) => void;
  reject: (error: unknown) => void;
}

class CreationBatches {
  private readonly db: Db;
  private waiting: Waiting[] = [];
  private running = 0;

  constructor(db: Db) {
    this.db = db;
  }

  create(route: BatchedRoute, values: Record<string, unknown>): Promise<CreatingRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ route, values, resolve, reject });
      this.start();
    });
  }

  private start(): void {
    while (this.running < IN_FLIGHT && this.waiting.length > 0) {
      const route = this.waiting[0]!.route;
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      for (const claim of this.waiting) (claim.route === route && batch.length < MOST ? batch : rest).push(claim);
      this.waiting = rest;
      this.running += 1;
      void this.write(route, batch).finally(() => {
        this.running -= 1;
        this.start();
      });
    }
  }

  private async write(route: BatchedRoute, batch: Waiting[]): Promise<void> {
    try {
      const rows = await createTogether(this.db, route, batch.map((claim) => claim.values));
      batch.forEach((claim, index) => claim.resolve(rows[index]));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(
        batch.map(async (claim) => {
          try {
            claim.resolve((await createTogether(this.db, route, [claim.values]))[0]);
          } catch (alone) {
            claim.reject(alone);
          }
        }),
      );
    }
  }
}

/** Each claim's row of the statement, in the order of `values`. */
async function createTogether(db: Db, route: BatchedRoute, values: Record<string, unknown>[]): Promise<(CreatingRow | undefined)[]> {
  const input = JSON.stringify(values.map((claim, n) => ({ ...claim, n })));
  const { rows } = await runPrepared<CreatingRow & { n: number }>(db, batchStatement(route), { claims: input });
  const byPlace = new Map(rows.map((row) => [row.n, row]));
  return values.map((_, n) => byPlace.get(n));
}

const statements = new Map<BatchedRoute, PreparedStatement>();

function batchStatement(route: BatchedRoute): PreparedStatement {
  let statement = statements.get(route);
  if (!statement) statements.set(route, (statement = prepareStatement('create_claims', batchSql(route))));
  return statement;
}

/** A claim's value in the batch statement: a column of its input row. */
const column = (name: string) => sql.raw(`i."${name}"`);

/**
 * The statement of a batch: each input row's pricing check (the account pick checks payability where the route has
 * one), its payment details, its payout's hold (reserve_take, only for a row that has the rest), then the claims that
 * got all three, their mails, and an answer per row. The hold reads the amount from `payable` itself: a condition on
 * the input's columns alone could be evaluated for every input row.
 */
function batchSql(route: BatchedRoute): SQL {
  const byAccount = route === 'receiving_account';
  const types: Record<string, string> = { n: 'int', ...AS_PRICED_TYPES, ...CLAIM_VALUE_TYPES };
  const definition = sql.raw(Object.entries(types).map(([name, type]) => `"${name}" ${type}`).join(', '));
  const account = sql`cross join lateral (
      -- The least recently given active account (receivingAccountUse.ts); none: the claim is not payable.
      select candidate.id from ${receivingAccounts} candidate
      where candidate.currency_id = i."fromCurrencyId" and candidate.active
      order by ${lastGivenSql(sql`candidate.id`)} asc nulls first, candidate.id limit 1
    ) account`;
  return sql`
    with input as materialized (
      select i.*, gen_random_uuid() as uuid
      from jsonb_to_recordset(${sql.placeholder('claims')}::jsonb) as i(${definition})
    ), priced as (
      select i.n, ${stillAsPriced(!byAccount, column)} as holds from input i
    ), payable as materialized (
      select i.n, ${byAccount ? sql`account.id` : sql`null::int`} as account_id, i."toCurrencyId" as currency_id,
        i."toSumma" as amount
      from input i join priced using (n) ${byAccount ? account : sql``}
      where priced.holds
    ), held as materialized (
      -- From one slot of the free reserve (reserve_take, migration 0041), claim after claim.
      select n from payable where reserve_take(currency_id, amount)
    ), created as (
      insert into ${claims} (uuid, ${CLAIM_COLUMNS})
      select i.uuid, ${claimRowValues(column, sql`payable.account_id`)}
      from held join payable using (n) join input i using (n)
      returning uuid
    ), mailed as (
      insert into ${claimMails} (claim_uuid, status, announces_creation)
      select uuid, ${createdStatus}, true from created
    )
    -- The consoles' notice follows the commit (afterCreated).
    select i.n, created.uuid, priced.holds as as_priced, payable.n is not null as payable
    from input i join priced using (n) left join payable using (n) left join created on created.uuid = i.uuid`;
}

const batches = new WeakMap<Db, CreationBatches>();

/** Creates the claim of `values` (statementValues) in this instance's next batch; its row, once committed. */
export function createInBatch(db: Db, route: BatchedRoute, values: Record<string, unknown>): Promise<CreatingRow | undefined> {
  let instance = batches.get(db);
  if (!instance) batches.set(db, (instance = new CreationBatches(db)));
  return instance.create(route, values);
}
