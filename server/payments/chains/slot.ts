// One poll per chain per period across every instance: the instance whose UPDATE moves the chain's next_run_at
// forward takes the period, the others find it taken (rows serialise the race, as the rates refresh does). The
// taken slot is leased for LEASE_SECONDS, so a long poll is not started twice and a crashed poller's chain is
// taken over after the lease. After failures the next run waits longer (back-off), reset by a success.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { ChainName } from './config.ts';

export const LEASE_SECONDS = 300;
export const MAX_BACKOFF_SECONDS = 600;

/** Pause after `failures` failures in a row: one period, then twice as long each time, at most MAX_BACKOFF_SECONDS. */
export function backoffSeconds(failures: number, pollSeconds: number): number {
  return Math.min(pollSeconds * 2 ** Math.max(failures - 1, 0), MAX_BACKOFF_SECONDS);
}

export type Slot = { taken: true; scannedHeight: number | null; failures: number } | { taken: false; nextRunAt: Date };

export async function takeSlot(db: Db, chain: ChainName, now: Date): Promise<Slot> {
  const at = now.toISOString();
  await db.execute(sql`insert into chain_watch_slots (chain, next_run_at) values (${chain}, ${at}::timestamptz)
    on conflict (chain) do nothing`);
  const result = await db.execute<{ scanned_height: string | null; failures: number | null; next: Date | string }>(sql`
    with taken as (
      update chain_watch_slots set next_run_at = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS}),
        last_run_at = ${at}::timestamptz
      where chain = ${chain} and next_run_at <= ${at}::timestamptz
      returning scanned_height, failures
    )
    select (select scanned_height from taken) as scanned_height, (select failures from taken) as failures,
      (select next_run_at from chain_watch_slots where chain = ${chain}) as next`);
  const row = result.rows[0]!;
  if (row.failures === null) return { taken: false, nextRunAt: new Date(row.next) };
  return {
    taken: true,
    scannedHeight: row.scanned_height === null ? null : Number(row.scanned_height),
    failures: row.failures,
  };
}

/** Ends a taken period: the next one starts a period (or a back-off) from now. */
export async function releaseSlot(
  db: Db,
  chain: ChainName,
  outcome: { error: string | null; failures: number; scannedHeight: number | null; pollSeconds: number },
  now: Date,
): Promise<Date> {
  const wait = outcome.error === null ? outcome.pollSeconds : backoffSeconds(outcome.failures, outcome.pollSeconds);
  const next = new Date(now.getTime() + wait * 1000);
  await db.execute(sql`update chain_watch_slots set next_run_at = ${next.toISOString()}::timestamptz,
    failures = ${outcome.failures}, last_error = ${outcome.error},
    scanned_height = coalesce(${outcome.scannedHeight}::bigint, scanned_height)
    where chain = ${chain}`);
  return next;
}
