// When a receiving account was last given to a claim: the creation of its newest claim, one probe of
// claims_receiving_account_idx per account. Read from the claims rather than stamped on the account, so creating a
// claim writes nothing to the account's row and needs no statement after its commit. The index keys the time as
// UTC and so must the probe: on created_at itself the planner would walk the queue's created-at index instead.
import { sql, type SQL } from 'drizzle-orm';
import { claims } from '../db/schema/claims.ts';

/** The newest claim's creation for the account `accountId` (a column of the outer query), null when never given. */
export function lastGivenSql(accountId: SQL): SQL<Date | null> {
  return sql<Date | null>`(select max(given.created_at at time zone 'UTC') at time zone 'UTC' from ${claims} given
    where given.receiving_account_id = ${accountId})`;
}
