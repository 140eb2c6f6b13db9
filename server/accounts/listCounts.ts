// The row count of an account's long list, kept by triggers (server/db/schema/accountLists.ts): one key read.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accountListCounts, type CountedList } from '../db/schema/accountLists.ts';

export async function countedRows(db: Db, userId: number, list: CountedList): Promise<number> {
  const [row] = await db
    .select({ rows: accountListCounts.rows })
    .from(accountListCounts)
    .where(and(eq(accountListCounts.userId, userId), eq(accountListCounts.list, list)));
  return row?.rows ?? 0;
}
