// One poll of one chain: take the period's slot, list the addresses worth watching (one query), ask the chain
// (the adapter), store what it saw in ONE statement (new deposits, confirmations, deposits gone from the chain, the
// address marked as having received), then decide only the claims whose deposits changed, each in its own
// transaction (matching.ts), and check the recorded payouts of the chain's currencies (payouts.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { log } from '../../log.ts';
import type { Asset, ChainAdapter, DepositScan, WatchedAddress } from './adapter.ts';
import type { ChainConfig, ChainName } from './config.ts';
import { decideClaim, type ClaimDecision } from './matching.ts';
import { checkPayouts, type PayoutOutcome } from './payouts.ts';
import { releaseSlot, takeSlot } from './slot.ts';

export interface PollOutcome {
  /** False: another instance has this period. */
  ran: boolean;
  nextRunAt: Date;
  error: string | null;
  watched: number;
  seen: number;
  decided: ClaimDecision[];
  payouts: PayoutOutcome[];
  /** SQL statements this poll sent (the bench reads it). */
  queries: number;
}

/** The chain's watched currencies with the confirmations each needs now (the operator's setting or the default). */
export async function chainAssets(db: Db, config: ChainConfig, chain: ChainName): Promise<Map<string, Asset>> {
  const codes = [...config.currencies].filter(([, currency]) => currency.chain === chain);
  const result = await db.execute<{ code: string; confirmations: number }>(sql`
    select cur.code, cc.confirmations from chain_confirmations cc join currencies cur on cur.id = cc.currency_id`);
  const set = new Map(result.rows.map((row) => [row.code, row.confirmations]));
  return new Map(
    codes.map(([code, currency]) => [code, { ...currency, required: set.get(code) ?? currency.defaultConfirmations }]),
  );
}

/**
 * Addresses of claims that may still receive or whose deposits may still change: claims awaiting payment or paid
 * without a counted deposit, and every claim changed within the late-payment window (expired, canceled, moving on).
 */
async function watchedAddresses(db: Db, assets: Map<string, Asset>, lateWatchHours: number): Promise<WatchedAddress[]> {
  const codes = [...assets.keys()];
  const result = await db.execute<{ address: string; code: string }>(sql`
    select d.address, cur.code
    from claims c
    join currencies cur on cur.id = c.from_currency_id
    join deposit_addresses d on d.claim_uuid = c.uuid
    where cur.code = any(${`{${codes.join(',')}}`}::text[])
      and (c.status in ('awaiting_payment', 'paid')
        or c.updated_at > now() - make_interval(hours => ${lateWatchHours}))`);
  return result.rows.map((row) => ({ address: row.address, currencyCode: row.code, currency: assets.get(row.code)! }));
}

/**
 * Writes one scan in one statement and answers the claims whose deposits changed: new deposits, changed
 * confirmations or blocks, deposits of watched addresses the scan no longer sees (dropped), and, for scanning
 * adapters, the confirmations of older deposits recomputed from the tip.
 */
async function storeScan(db: Db, watched: WatchedAddress[], scan: DepositScan): Promise<string[]> {
  const seen = scan.transfers.map((transfer) => ({
    address: transfer.address,
    code: transfer.currencyCode,
    tx_hash: transfer.txHash,
    output_index: transfer.outputIndex,
    amount: transfer.amount,
    confirmations: transfer.confirmations,
    block_height: transfer.blockHeight,
    block_hash: transfer.blockHash,
  }));
  const addresses = watched.map((entry) => ({
    address: entry.address,
    code: entry.currencyCode,
    required: entry.currency.required,
  }));
  const result = await db.execute<{ claim_uuid: string }>(sql`
    with watched as (
      select w.address, w.code, w.required, cur.id as currency_id
      from jsonb_to_recordset(${JSON.stringify(addresses)}::jsonb) as w(address text, code text, required int)
      join currencies cur on cur.code = w.code
    ),
    seen as (
      select s.*, w.currency_id, w.required, d.claim_uuid
      from jsonb_to_recordset(${JSON.stringify(seen)}::jsonb) as s(address text, code text, tx_hash text,
        output_index int, amount numeric, confirmations int, block_height bigint, block_hash text)
      join watched w on w.address = s.address and w.code = s.code
      join deposit_addresses d on d.currency_id = w.currency_id and d.address = s.address and d.claim_uuid is not null
    ),
    upserted as (
      insert into chain_deposits (claim_uuid, currency_id, address, tx_hash, output_index, amount, confirmations,
        block_height, block_hash, status)
      select claim_uuid, currency_id, address, tx_hash, output_index, amount, confirmations, block_height, block_hash,
        case when confirmations >= required then 'confirmed' else 'seen' end
      from seen
      on conflict (currency_id, tx_hash, output_index) do update set confirmations = excluded.confirmations,
        block_height = excluded.block_height, block_hash = excluded.block_hash, status = excluded.status,
        updated_at = now()
      where (chain_deposits.confirmations, chain_deposits.block_height, chain_deposits.block_hash, chain_deposits.status)
        is distinct from (excluded.confirmations, excluded.block_height, excluded.block_hash, excluded.status)
      returning claim_uuid
    ),
    dropped as (
      update chain_deposits cd set status = 'dropped', updated_at = now()
      from watched w
      where cd.address = w.address and cd.currency_id = w.currency_id and cd.status <> 'dropped'
        and (${scan.coveredFromHeight}::bigint is null or cd.block_height is null
          or cd.block_height between ${scan.coveredFromHeight}::bigint and ${scan.scannedHeight}::bigint)
        and not exists (select 1 from seen s where s.currency_id = cd.currency_id and s.tx_hash = cd.tx_hash
          and s.output_index = cd.output_index)
      returning cd.claim_uuid
    ),
    aged as (
      update chain_deposits cd set confirmations = ${scan.tip ?? null}::bigint - cd.block_height + 1,
        status = case when ${scan.tip ?? null}::bigint - cd.block_height + 1 >= w.required then 'confirmed' else 'seen' end,
        updated_at = now()
      from watched w
      where ${scan.tip ?? null}::bigint is not null and cd.address = w.address and cd.currency_id = w.currency_id
        and cd.status <> 'dropped' and cd.block_height < ${scan.coveredFromHeight}::bigint
        and cd.confirmations <> ${scan.tip ?? null}::bigint - cd.block_height + 1
      returning cd.claim_uuid
    ),
    -- An address that ever received anything is never handed out again (deposit address reuse reads it).
    received as (
      update deposit_addresses d set received_at = now()
      from seen s where d.currency_id = s.currency_id and d.address = s.address and d.received_at is null
    )
    select claim_uuid from upserted union select claim_uuid from dropped union select claim_uuid from aged`);
  return result.rows.map((row) => row.claim_uuid);
}

/** Claims with a deposit still to decide (changed in an earlier poll whose decision failed, e.g. a lock timeout). */
async function pendingClaims(db: Db, codes: string[]): Promise<{ uuid: string; code: string }[]> {
  const result = await db.execute<{ uuid: string; code: string }>(sql`
    select distinct cd.claim_uuid as uuid, cur.code from chain_deposits cd join currencies cur on cur.id = cd.currency_id
    where cur.code = any(${`{${codes.join(',')}}`}::text[])
      and ((cd.status = 'confirmed' and not cd.counted and cd.flag is null) or (cd.status = 'dropped' and cd.counted))`);
  return result.rows;
}

export async function pollChain(
  db: Db,
  config: ChainConfig,
  chain: ChainName,
  adapter: ChainAdapter,
  now: Date = new Date(),
): Promise<PollOutcome> {
  const slot = await takeSlot(db, chain, now);
  const outcome: PollOutcome = {
    ran: false,
    nextRunAt: new Date(0),
    error: null,
    watched: 0,
    seen: 0,
    decided: [],
    payouts: [],
    queries: 2,
  };
  if (!slot.taken) return { ...outcome, nextRunAt: slot.nextRunAt };
  outcome.ran = true;
  let scannedHeight: number | null = null;
  try {
    const assets = await chainAssets(db, config, chain);
    const watched = await watchedAddresses(db, assets, config.lateWatchHours);
    outcome.watched = watched.length;
    const scan = await adapter.scanDeposits(watched, slot.scannedHeight);
    scannedHeight = scan.scannedHeight;
    outcome.seen = scan.transfers.length;
    const changed = await storeScan(db, watched, scan);
    const pending = await pendingClaims(db, [...assets.keys()]);
    outcome.queries += 4;
    const codeOf = new Map(pending.map((row) => [row.uuid, row.code]));
    const byAddress = new Map(watched.map((entry) => [entry.address, entry.currencyCode]));
    if (changed.some((uuid) => !codeOf.has(uuid))) {
      // The code of a changed claim's currency: read with its deposits' address.
      const rows = await db.execute<{ uuid: string; address: string }>(sql`
        select distinct claim_uuid as uuid, address from chain_deposits where claim_uuid = any(${`{${changed.join(',')}}`}::uuid[])`);
      outcome.queries += 1;
      for (const row of rows.rows) if (byAddress.has(row.address)) codeOf.set(row.uuid, byAddress.get(row.address)!);
    }
    for (const [uuid, code] of codeOf) {
      try {
        outcome.decided.push(await decideClaim(db, uuid, assets.get(code)!.required));
      } catch (error) {
        // Left undecided: pendingClaims finds it again next poll.
        log.error(`chain watcher: deciding claim ${uuid} failed`, error);
      }
    }
    outcome.payouts = await checkPayouts(db, assets, adapter);
  } catch (error) {
    // Drizzle wraps a database error (its message is the whole query): its cause says what failed.
    outcome.error = (((error as { cause?: Error }).cause ?? error) as Error).message;
    log.warn(`chain watcher ${chain}: ${outcome.error}`);
  }
  outcome.nextRunAt = await releaseSlot(
    db,
    chain,
    {
      error: outcome.error,
      failures: outcome.error === null ? 0 : slot.failures + 1,
      scannedHeight,
      pollSeconds: config.pollSeconds,
    },
    new Date(),
  );
  return outcome;
}
