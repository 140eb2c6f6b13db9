// The database's now(): every instance stamps and judges times by the one clock they share, never by its own.
import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';

export async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute<{ now: Date | string }>(sql`select now() as now`);
  return new Date(result.rows[0]!.now);
}
