// The operator's settings of the chain watchers: confirmations per coin (audited), and the watchers' state for
// the CLI and the console (last poll, failures in a row, scan height).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { audited, type Actor } from '../../backoffice/audit.ts';
import { chainCurrencies } from './config.ts';

export type SetConfirmationsOutcome = { ok: true; before: number } | { ok: false; reason: 'unknown_currency' };

export async function setConfirmations(
  db: Db,
  actor: Actor,
  code: string,
  confirmations: number,
): Promise<SetConfirmationsOutcome> {
  const known = chainCurrencies().get(code);
  if (!known) return { ok: false, reason: 'unknown_currency' };
  return audited<SetConfirmationsOutcome>(db, actor, async (tx) => {
    const row = (
      await tx.execute<{ id: number; before: number | null }>(sql`
        select cur.id, cc.confirmations as before from currencies cur
        left join chain_confirmations cc on cc.currency_id = cur.id where cur.code = ${code} for update of cur`)
    ).rows[0];
    if (!row) return { result: { ok: false, reason: 'unknown_currency' }, audit: null };
    const before = row.before ?? known.defaultConfirmations;
    await tx.execute(sql`insert into chain_confirmations (currency_id, confirmations) values (${row.id}, ${confirmations})
      on conflict (currency_id) do update set confirmations = excluded.confirmations`);
    return {
      result: { ok: true, before },
      audit: {
        action: 'chain.confirmations',
        target: code,
        before: { confirmations: before },
        after: { confirmations },
      },
    };
  });
}

/** One line per coin a watcher knows, then one per chain polled so far. */
export async function chainStatusLines(db: Db): Promise<string[]> {
  const set = await db.execute<{ code: string; confirmations: number }>(sql`
    select cur.code, cc.confirmations from chain_confirmations cc join currencies cur on cur.id = cc.currency_id`);
  const chosen = new Map(set.rows.map((row) => [row.code, row.confirmations]));
  const lines = [...chainCurrencies()].map(
    ([code, currency]) =>
      `${code.padEnd(10)} ${currency.chain.padEnd(5)} confirmations ${chosen.get(code) ?? currency.defaultConfirmations}` +
      `${chosen.has(code) ? '' : ' (default)'}`,
  );
  const slots = await db.execute<{
    chain: string;
    last_run_at: Date | null;
    failures: number;
    last_error: string | null;
    scanned_height: string | null;
  }>(sql`select chain, last_run_at, failures, last_error, scanned_height from chain_watch_slots order by chain`);
  for (const slot of slots.rows) {
    lines.push(
      `${slot.chain.padEnd(5)} last poll ${slot.last_run_at ? new Date(slot.last_run_at).toISOString() : 'never'}` +
        `${slot.scanned_height ? `, scanned to block ${slot.scanned_height}` : ''}` +
        `${slot.failures > 0 ? `, ${slot.failures} failure(s) in a row: ${slot.last_error ?? ''}` : ''}`,
    );
  }
  return lines;
}
