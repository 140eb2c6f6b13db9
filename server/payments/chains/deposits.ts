// What the chain watchers found for one claim, as the claim page and the console show it: each deposit with its
// confirmations out of those its currency needs and a link to a block explorer, and the recorded payout.
import { sql } from 'drizzle-orm';
import type { ClaimDeposit } from '../../../src/api/schemas/claim.ts';
import type { DepositFlag, DepositStatus, PayoutCheck } from '../../../src/domain/depositMatching.ts';
import type { Db } from '../../db/index.ts';
import { chainCurrencies, explorerTxUrl } from './config.ts';

export interface DepositView {
  txHash: string;
  outputIndex: number;
  amount: string;
  confirmations: number;
  /** Confirmations its currency needs (the operator's setting or the chain's default). */
  required: number;
  status: DepositStatus;
  counted: boolean;
  flag: DepositFlag | null;
  firstSeenAt: string;
  explorerUrl: string | null;
}

export interface PayoutView {
  txHash: string;
  check: PayoutCheck;
  amountSeen: string | null;
  confirmations: number;
  note: string | null;
  recordedAt: string;
  checkedAt: string | null;
  explorerUrl: string | null;
}

/** The explorer link of a transaction of the currency `code`, null for a currency no watcher knows. */
function explorerLink(code: string, txHash: string): string | null {
  const currency = chainCurrencies().get(code);
  return currency ? `${explorerTxUrl(currency.chain)}${txHash}` : null;
}

/** Deposits seen for the claim, oldest first (one query). */
export async function claimDeposits(db: Pick<Db, 'execute'>, uuid: string): Promise<DepositView[]> {
  const result = await db.execute<{
    tx_hash: string;
    output_index: number;
    amount: string;
    confirmations: number;
    set_required: number | null;
    status: DepositStatus;
    counted: boolean;
    flag: DepositFlag | null;
    first_seen_at: Date | string;
    code: string;
  }>(sql`
    select d.tx_hash, d.output_index, d.amount::text as amount, d.confirmations, cc.confirmations as set_required,
      d.status, d.counted, d.flag, d.first_seen_at, cur.code
    from chain_deposits d join currencies cur on cur.id = d.currency_id
    left join chain_confirmations cc on cc.currency_id = d.currency_id
    where d.claim_uuid = ${uuid}
    order by d.first_seen_at, d.id`);
  const currencies = chainCurrencies();
  return result.rows.map((row) => ({
    txHash: row.tx_hash,
    outputIndex: row.output_index,
    amount: row.amount,
    confirmations: row.confirmations,
    required: row.set_required ?? currencies.get(row.code)?.defaultConfirmations ?? 1,
    status: row.status,
    counted: row.counted,
    flag: row.flag,
    firstSeenAt: new Date(row.first_seen_at).toISOString(),
    explorerUrl: explorerLink(row.code, row.tx_hash),
  }));
}

/** The payout transaction recorded for the claim and what the watcher found of it; null when none. */
export async function claimPayout(db: Pick<Db, 'execute'>, uuid: string): Promise<PayoutView | null> {
  const result = await db.execute<{
    tx_hash: string;
    check: PayoutCheck;
    amount_seen: string | null;
    confirmations: number;
    note: string | null;
    recorded_at: Date | string;
    checked_at: Date | string | null;
    code: string;
  }>(sql`
    select p.tx_hash, p."check", p.amount_seen::text as amount_seen, p.confirmations, p.note, p.recorded_at,
      p.checked_at, cur.code
    from claim_payouts p join claims c on c.uuid = p.claim_uuid join currencies cur on cur.id = c.to_currency_id
    where p.claim_uuid = ${uuid}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    txHash: row.tx_hash,
    check: row.check,
    amountSeen: row.amount_seen,
    confirmations: row.confirmations,
    note: row.note,
    recordedAt: new Date(row.recorded_at).toISOString(),
    checkedAt: row.checked_at === null ? null : new Date(row.checked_at).toISOString(),
    explorerUrl: explorerLink(row.code, row.tx_hash),
  };
}

/** A deposit as the client sees it (the operator's flags and output index stay in the console). */
export function publicDeposit(view: DepositView): ClaimDeposit {
  return {
    txHash: view.txHash,
    amount: view.amount,
    confirmations: view.confirmations,
    required: view.required,
    status: view.status,
    counted: view.counted,
    firstSeenAt: view.firstSeenAt,
    explorerUrl: view.explorerUrl,
  };
}
