// The row count of an account's long list, kept by triggers (server/db/schema/accountLists.ts): one key read.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accountListCounts, type CountedList } from '../db/schema/accountLists.ts';

function countQuery(db: Db) {
  return db
    .select({ rows: accountListCounts.rows })
    .from(accountListCounts)
    .where(and(eq(accountListCounts.userId, sql.placeholder('userId')), eq(accountListCounts.list, sql.placeholder('list'))))
    .prepare('account_list_count');
}

/** Built once per database handle, named so each connection plans it once: every list page reads it. */
const countQueries = new WeakMap<Db, ReturnType<typeof countQuery>>();

export async function countedRows(db: Db, userId: number, list: CountedList): Promise<number> {
  let query = countQueries.get(db);
  if (!query) {
    query = countQuery(db);
    countQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, list });
  return row?.rows ?? 0;
}
