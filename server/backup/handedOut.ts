// What a restore must not undo: the deposit addresses handed out and each extended public key's next index, read
// from the database about to be replaced and applied again to the restored one; plus the sessions and single-use
// tokens of the restored database, which all end (the backup cannot know which were spent or revoked after it).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import { notifyCatalogChanged } from '../catalogue/events.ts';

/** The replaced database's marks: every address it gave to a claim, every key's next index, every retired address. */
export interface HandedOut {
  addresses: { network: string; address: string; claimUuid: string | null }[];
  keys: { network: string; extendedKey: string; nextIndex: number }[];
  retired: { network: string; address: string }[];
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const found = await db.execute<{ present: boolean }>(
    sql`select to_regclass(${`public.${name}`}) is not null as present`,
  );
  return found.rows[0]!.present;
}

/**
 * Reads the marks of the database a restore is about to replace, whatever migrations it has; null when it holds
 * no exchanger data (an empty database: the one the backup came from is gone).
 */
export async function readHandedOut(db: Db): Promise<HandedOut | null> {
  if (!(await tableExists(db, 'deposit_addresses'))) return null;
  const addresses = await db.execute<HandedOut['addresses'][number]>(sql`
    select network, address, claim_uuid::text as "claimUuid" from deposit_addresses where claim_uuid is not null`);
  const keys = (await tableExists(db, 'deposit_keys'))
    ? await db.execute<HandedOut['keys'][number]>(sql`
        select network, extended_key as "extendedKey", next_index as "nextIndex" from deposit_keys`)
    : { rows: [] };
  const retired = (await tableExists(db, 'retired_deposit_addresses'))
    ? await db.execute<HandedOut['retired'][number]>(sql`select network, address from retired_deposit_addresses`)
    : { rows: [] };
  return { addresses: addresses.rows, keys: keys.rows, retired: retired.rows };
}

export interface Reapplied {
  /** Free addresses of the restored pools that the replaced database had handed out (or `--skip` took), retired. */
  retiredFree: number;
  /** Addresses handed out that the restored pools do not hold at all, retired so no import brings them back. */
  retiredUnknown: number;
  /** Addresses the restored database gave to one claim and the replaced one gave again to another: never reused. */
  retiredRegiven: number;
  /** Keys whose next index moved forward (or that came back from the replaced database). */
  keysAdvanced: number;
  sessionsEnded: number;
  mailTokensSpent: number;
  operatorSessionsEnded: number;
}

/**
 * Applies the marks to the restored (and migrated) database in one audited transaction. `skip` (per coin and key)
 * covers what nobody can read any more: that many free pool addresses of every coin are retired, in the order
 * claims take them, and every key's next index moves that far ahead.
 */
export async function reapplyHandedOut(
  db: Db,
  actor: Actor,
  live: HandedOut | null,
  skip: number,
  backupFile: string,
): Promise<Reapplied> {
  const marks = live ?? { addresses: [], keys: [], retired: [] };
  return db.transaction(async (tx) => {
    const given = [...marks.addresses, ...marks.retired.map((row) => ({ ...row, claimUuid: null }))];
    // One JSON parameter however many rows (a statement takes at most 65,535 parameters).
    const handed = sql`(select * from jsonb_to_recordset(${JSON.stringify(given)}::jsonb)
      as l(network text, address text, "claimUuid" text))`;
    // Free here, handed out there: out of the pool for good.
    const freed = await tx.execute<{ n: number }>(sql`
      with freed as (
        delete from deposit_addresses d using ${handed} l
        where d.network = l.network and d.address = l.address and d.claim_uuid is null
        returning d.network, d.address),
      kept as (
        insert into retired_deposit_addresses (network, address, reason)
        select network, address, 'handed_out' from freed on conflict do nothing returning 1)
      select count(*)::int as n from freed`);
    // Unknown here (loaded after the backup): recorded, so loading the same list again cannot pool it.
    const unknown = await tx.execute<{ n: number }>(sql`
      with added as (
        insert into retired_deposit_addresses (network, address, reason)
        select distinct l.network, l.address, 'handed_out' from ${handed} l
        where not exists (select 1 from deposit_addresses d where d.network = l.network and d.address = l.address)
        on conflict do nothing returning 1)
      select count(*)::int as n from added`);
    // Given here to a claim that closed unpaid, and given again there to a claim the backup does not hold: the
    // pool's second use (after a quiet period) must not give it a third time.
    const regiven = await tx.execute<{ n: number }>(sql`
      with added as (
        insert into retired_deposit_addresses (network, address, reason)
        select d.network, d.address, 'handed_out' from deposit_addresses d join ${handed} l
          on d.network = l.network and d.address = l.address
        where d.claim_uuid is not null and (l."claimUuid" is null or d.claim_uuid::text <> l."claimUuid")
        on conflict do nothing returning 1)
      select count(*)::int as n from added`);
    const skipped =
      skip > 0
        ? await tx.execute<{ n: number }>(sql`
            with next as (
              select id, network, address from (
                select id, network, address, row_number() over (partition by currency_id order by id) as place
                from deposit_addresses where claim_uuid is null and key_id is null) free
              where place <= ${skip}),
            gone as (delete from deposit_addresses d using next where d.id = next.id returning d.network, d.address),
            kept as (
              insert into retired_deposit_addresses (network, address, reason)
              select network, address, 'skipped' from gone on conflict do nothing returning 1)
            select count(*)::int as n from gone`)
        : { rows: [{ n: 0 }] };
    // A key's next index never goes back; a key set after the backup comes back with its index.
    const keys = await tx.execute<{ n: number }>(sql`
      with marks as (
        select * from jsonb_to_recordset(${JSON.stringify(marks.keys)}::jsonb)
          as m(network text, "extendedKey" text, "nextIndex" int)),
      moved as (
        insert into deposit_keys (network, extended_key, next_index)
        select network, "extendedKey", "nextIndex" from marks
        on conflict (network, extended_key) do update set next_index = excluded.next_index
        where deposit_keys.next_index < excluded.next_index
        returning 1)
      select count(*)::int as n from moved`);
    if (skip > 0) {
      await tx.execute(sql`update deposit_keys set next_index = next_index + ${skip}`);
      // Any pool address given and never paid may have gone out a second time since the backup: none goes again.
      await tx.execute(sql`
        insert into retired_deposit_addresses (network, address, reason)
        select network, address, 'skipped' from deposit_addresses
        where claim_uuid is not null and key_id is null and received_at is null
        on conflict do nothing`);
    }
    // Every session and single-use link the backup holds ends: the restored rows cannot tell which were already
    // spent or revoked, and a token that came back to life would be a stolen one's second chance.
    const sessions = await tx.execute<{ n: number }>(sql`
      with ended as (update refresh_tokens set revoked_at = now() where revoked_at is null returning 1)
      select count(*)::int as n from ended`);
    const mail = await tx.execute<{ n: number }>(sql`
      with spent as (update mail_tokens set used_at = now() where used_at is null returning 1)
      select count(*)::int as n from spent`);
    const operators = await tx.execute<{ n: number }>(sql`
      with ended as (update operator_sessions set revoked_at = now() where revoked_at is null returning 1)
      select count(*)::int as n from ended`);
    const result: Reapplied = {
      retiredFree: freed.rows[0]!.n + skipped.rows[0]!.n,
      retiredUnknown: unknown.rows[0]!.n,
      retiredRegiven: regiven.rows[0]!.n,
      keysAdvanced: keys.rows[0]!.n,
      sessionsEnded: sessions.rows[0]!.n,
      mailTokensSpent: mail.rows[0]!.n,
      operatorSessionsEnded: operators.rows[0]!.n,
    };
    await writeAudit(tx, actor, {
      action: 'database.restore',
      target: backupFile,
      after: { ...result, skip, replacedDatabaseRead: live !== null },
    });
    // Instances that kept a catalogue in memory read it again.
    await notifyCatalogChanged(tx);
    return result;
  });
}
