// How a change to a claim is announced to every instance (hub.ts listens): NOTIFY claim_changed with the claim's
// uuid, inside the transaction that makes the change, so it is delivered at commit and never for a rollback (a new
// claim is announced right after its commit instead: claims/afterCreated.ts says why). PostgreSQL folds
// identical notices of one transaction into one, so announcing twice costs nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';

export const CLAIM_CHANNEL = 'claim_changed';

/** The SQL expression announcing the claim whose uuid `uuid` yields (a column of the statement that changes it). */
export function claimChangedNotice(uuid: SQL): SQL {
  return sql`pg_notify(${CLAIM_CHANNEL}, (${uuid})::text)`;
}

/** Announces a change to the claim `uuid` (delivered at commit when `executor` is a transaction). */
export async function notifyClaimChanged(executor: Pick<Db, 'execute'>, uuid: string): Promise<void> {
  await executor.execute(sql`select ${claimChangedNotice(sql`${uuid}`)}`);
}
