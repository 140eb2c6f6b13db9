// The scanning job: writes an alert for each condition that holds and has no open alert yet, and clears the open
// alerts of conditions that no longer hold (so a condition alerts once until it clears, then again if it comes
// back). One instance at a time records (a transaction-scoped advisory lock); the others skip that pass.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { operatorAlerts } from '../db/schema/operatorAlerts.ts';
import { currentConditions } from './conditions.ts';
import { EVENT_KINDS } from './kinds.ts';
import type { AlertSettings } from './settings.ts';

export const ALERT_SCAN_MS = 30_000;
const SCAN_LOCK = sql`hashtext('operator alerts scan')`;

/** Answers how many new alerts were written, or null when another instance was recording. */
export async function scanAlerts(db: Db, settings: AlertSettings): Promise<number | null> {
  const conditions = await currentConditions(db, settings);
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${SCAN_LOCK}) as locked`);
    if (!locked.rows[0]!.locked) return null;
    const holding = conditions.map((condition) => condition.key);
    const events = sql.join(
      EVENT_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    );
    await tx.execute(sql`update operator_alerts set cleared_at = now()
      where cleared_at is null and kind not in (${events})
        and dedupe_key not in (select jsonb_array_elements_text(${JSON.stringify(holding)}::jsonb))`);
    const wanted = conditions.filter((condition) => settings.kinds.has(condition.kind));
    if (wanted.length === 0) return 0;
    const written = await tx
      .insert(operatorAlerts)
      .values(wanted.map((condition) => ({ kind: condition.kind, dedupeKey: condition.key, params: condition.params })))
      .onConflictDoNothing({ target: operatorAlerts.dedupeKey, where: sql`cleared_at is null` })
      .returning({ id: operatorAlerts.id });
    return written.length;
  });
}
