// A claim read together with the database's now() in one statement: its deadline is compared with (and the page's
// countdown measured against) the clock it was written by, never the instance's own.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { claims, type ClaimRow } from '../db/schema/claims.ts';
import { isUuid } from './service.ts';

export interface ClaimAtNow {
  claim: ClaimRow;
  /** The database's now() when the claim was read. */
  now: Date;
}

export async function findClaimAtNow(db: Db, uuid: string): Promise<ClaimAtNow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db
    .select({ claim: claims, now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(claims)
    .where(eq(claims.uuid, uuid));
  return row ?? null;
}
