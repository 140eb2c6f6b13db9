// Payouts checked on chain: the operator records the transaction a claim was paid out with (console or CLI); each
// poll of the payout currency's chain looks it up, and only a transaction paying the client's address exactly the
// promised amount with enough confirmations completes the claim (checkPayout in src/domain/depositMatching.ts).
// Anything else it pays is a mismatch: flagged on the payout for the operator, the claim left where it is.
import { sql } from 'drizzle-orm';
import { checkPayout, type PayoutCheck } from '../../../src/domain/depositMatching.ts';
import type { ClaimStatus } from '../../../src/domain/claimStatus.ts';
import type { Db } from '../../db/index.ts';
import { openSecret } from '../../keys/atRest.ts';
import { log } from '../../log.ts';
import { audited, writeAudit, type Actor } from '../../backoffice/audit.ts';
import { moveClaim } from '../../claims/service.ts';
import type { Asset, ChainAdapter } from './adapter.ts';
import { WATCHER_ACTOR } from './matching.ts';

/** Statuses in which a payout is being made. */
const PAYING: readonly ClaimStatus[] = ['processing'];

export type RecordPayoutOutcome =
  { ok: true; txHash: string } | { ok: false; reason: 'not_found' | 'bad_hash' | 'wrong_status'; status?: ClaimStatus };

/** A transaction hash as the chains write it: 64 hex digits, with 0x on Ethereum. */
export function normaliseTxHash(raw: string): string | null {
  const hash = raw.trim();
  if (/^0x[0-9a-fA-F]{64}$/.test(hash)) return hash.toLowerCase();
  if (/^[0-9a-fA-F]{64}$/.test(hash)) return hash.toLowerCase();
  return null;
}

/** Records (or replaces) the payout transaction of a claim being paid out; the next poll checks it. */
export async function recordPayout(db: Db, actor: Actor, uuid: string, rawHash: string): Promise<RecordPayoutOutcome> {
  const txHash = normaliseTxHash(rawHash);
  if (txHash === null) return { ok: false, reason: 'bad_hash' };
  return audited<RecordPayoutOutcome>(db, actor, async (tx) => {
    const claim = (
      await tx.execute<{ status: ClaimStatus }>(sql`select status from claims where uuid = ${uuid} for update`)
    ).rows[0];
    if (!claim) return { result: { ok: false, reason: 'not_found' }, audit: null };
    if (!PAYING.includes(claim.status))
      return { result: { ok: false, reason: 'wrong_status', status: claim.status }, audit: null };
    const before = (
      await tx.execute<{ tx_hash: string }>(sql`select tx_hash from claim_payouts where claim_uuid = ${uuid}`)
    ).rows[0];
    await tx.execute(sql`
      insert into claim_payouts (claim_uuid, tx_hash, recorded_by) values (${uuid}, ${txHash}, ${actor.operatorId})
      on conflict (claim_uuid) do update set tx_hash = excluded.tx_hash, recorded_by = excluded.recorded_by,
        recorded_at = now(), "check" = 'pending', amount_seen = null, confirmations = 0, note = null, checked_at = null`);
    return {
      result: { ok: true, txHash },
      audit: {
        action: 'claim.payout',
        target: `claim ${uuid}`,
        before: before ? { txHash: before.tx_hash } : null,
        after: { txHash },
      },
    };
  });
}

export interface PayoutOutcome {
  uuid: string;
  check: PayoutCheck;
  completed: boolean;
}

/** Looks up every pending payout of the chain's currencies and records what was found; completes confirmed ones. */
export async function checkPayouts(
  db: Db,
  assets: Map<string, Asset>,
  adapter: ChainAdapter,
): Promise<PayoutOutcome[]> {
  const codes = [...assets.keys()];
  if (codes.length === 0) return [];
  const pending = await db.execute<{
    uuid: string;
    tx_hash: string;
    code: string;
    address: string | null;
    to_summa: string;
  }>(sql`
    select p.claim_uuid as uuid, p.tx_hash, cur.code, c.to_requisites->>'address' as address, c.to_summa::text as to_summa
    from claim_payouts p join claims c on c.uuid = p.claim_uuid join currencies cur on cur.id = c.to_currency_id
    where p."check" = 'pending' and cur.code = any(${`{${codes.join(',')}}`}::text[])`);
  const outcomes: PayoutOutcome[] = [];
  for (const row of pending.rows) {
    const asset = assets.get(row.code)!;
    if (row.address === null) continue;
    // Requisites are sealed under DATA_KEY when it is set.
    const address = openSecret(row.address);
    const sighting = await adapter.checkPayout(row.tx_hash, address, asset);
    const check = checkPayout({ ...sighting, promised: row.to_summa, required: asset.required });
    const note =
      check === 'mismatch'
        ? `pays ${sighting.amount} to ${address}, promised ${row.to_summa}`
        : sighting.found
          ? null
          : 'not found on chain yet';
    try {
      const completed = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const status = (
          await tx.execute<{ status: ClaimStatus }>(sql`select status from claims where uuid = ${row.uuid} for update`)
        ).rows[0]?.status;
        await tx.execute(sql`update claim_payouts set "check" = ${check}, amount_seen = ${sighting.found ? sighting.amount : null},
          confirmations = ${sighting.confirmations}, note = ${note}, checked_at = now()
          where claim_uuid = ${row.uuid} and tx_hash = ${row.tx_hash}`);
        if (check !== 'confirmed' || status !== 'processing') {
          if (check === 'mismatch')
            await writeAudit(tx, WATCHER_ACTOR, {
              action: 'chain.payout_mismatch',
              target: `claim ${row.uuid}`,
              after: { txHash: row.tx_hash, note },
            });
          return false;
        }
        await moveClaim(tx, row.uuid, 'completed', 'system', { note: `payout ${row.tx_hash} confirmed on chain` });
        await writeAudit(tx, WATCHER_ACTOR, {
          action: 'chain.payout_confirmed',
          target: `claim ${row.uuid}`,
          before: { status },
          after: { status: 'completed', txHash: row.tx_hash, amount: sighting.amount },
        });
        return true;
      });
      outcomes.push({ uuid: row.uuid, check, completed });
    } catch (error) {
      // E.g. the reserve cannot cover it or the sender card awaits verification: the payout stays to check again.
      log.error(`chain watcher: completing claim ${row.uuid} failed`, error);
      await db.execute(
        sql`update claim_payouts set "check" = 'pending', note = ${(error as Error).message} where claim_uuid = ${row.uuid}`,
      );
      outcomes.push({ uuid: row.uuid, check: 'pending', completed: false });
    }
  }
  return outcomes;
}
