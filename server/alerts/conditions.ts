// What holds right now that an operator should hear of, read from the tables other parts keep: claims, chain
// deposits, directions and their formulas, reserves, deposit address pools and keys, the export's withheld items.
// Each is a kind, a dedupe key and status-only parameters (claim number, status, currency codes, counts).
import { sql } from 'drizzle-orm';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import type { Db } from '../db/index.ts';
import { depositKeyGaps } from '../payments/addressService.ts';
import type { AlertKind, AlertParams } from './kinds.ts';
import type { AlertSettings } from './settings.ts';

export interface Condition {
  kind: AlertKind;
  key: string;
  params: AlertParams;
}

/** Events older than this when first scanned are not announced (a server started after a long stop). */
const EVENT_LOOKBACK_MINUTES = 60;
/** Statuses in which a claim waits for an operator's move. */
export const WAITING_STATUSES = ['paid', 'paid_late', 'payment_error', 'payout_error'] as const;

async function newClaims(db: Db): Promise<Condition[]> {
  const rows = await db.execute<{ uuid: string; status: string; from_code: string; to_code: string }>(sql`
    select c.uuid, c.status, f.code as from_code, t.code as to_code
    from claims c join currencies f on f.id = c.from_currency_id join currencies t on t.id = c.to_currency_id
    where c.created_at > now() - make_interval(mins => ${EVENT_LOOKBACK_MINUTES})`);
  return rows.rows.map((row) => ({
    kind: 'new_claim',
    key: `new_claim:${row.uuid}`,
    params: { number: claimNumber(row.uuid), status: row.status, from: row.from_code, to: row.to_code },
  }));
}

async function paymentsSeen(db: Db): Promise<Condition[]> {
  const rows = await db.execute<{ id: number; claim_uuid: string; code: string; status: string }>(sql`
    select d.id, d.claim_uuid, cur.code, d.status
    from chain_deposits d join currencies cur on cur.id = d.currency_id
    where d.first_seen_at > now() - make_interval(mins => ${EVENT_LOOKBACK_MINUTES})`);
  return rows.rows.map((row) => ({
    kind: 'payment_seen',
    key: `payment_seen:${row.id}`,
    params: { number: claimNumber(row.claim_uuid), currency: row.code, deposit: row.status },
  }));
}

async function claimsWaiting(db: Db, minutes: number): Promise<Condition[]> {
  const statuses = sql.join(
    WAITING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await db.execute<{ uuid: string; status: string; minutes: number }>(sql`
    select c.uuid, c.status, floor(extract(epoch from now() - e.since) / 60)::int as minutes
    from claims c
    join lateral (select max(at) as since from claim_events where claim_uuid = c.uuid and to_status = c.status) e on true
    where c.status in (${statuses}) and e.since < now() - make_interval(mins => ${minutes})`);
  return rows.rows.map((row) => ({
    kind: 'claim_waiting',
    key: `claim_waiting:${row.uuid}:${row.status}`,
    params: { number: claimNumber(row.uuid), status: row.status, minutes: row.minutes },
  }));
}

async function directionsOf(db: Db, kind: 'rate_paused' | 'rate_held', where: ReturnType<typeof sql>) {
  const rows = await db.execute<{ id: number; from_code: string; to_code: string }>(sql`
    select d.id, f.code as from_code, t.code as to_code
    from directions d join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id
    left join direction_formulas df on df.direction_id = d.id
    where d.active and ${where}`);
  return rows.rows.map((row) => ({
    kind,
    key: `${kind}:${row.id}`,
    params: { from: row.from_code, to: row.to_code },
  }));
}

/** Currencies some active direction pays out whose free reserve is under the threshold share of the reserve. */
async function reservesLow(db: Db, percent: number): Promise<Condition[]> {
  const rows = await db.execute<{ id: number; code: string; free_percent: number }>(sql`
    select cur.id, cur.code,
      case when r.amount > 0 then floor(r.available * 100 / r.amount)::int else 0 end as free_percent
    from currencies cur join reserve_balances r on r.currency_id = cur.id
    where cur.active and exists (select 1 from directions d where d.to_id = cur.id and d.active)
      and (r.amount = 0 or r.available * 100 < r.amount * ${percent})`);
  return rows.rows.map((row) => ({
    kind: 'reserve_low',
    key: `reserve_low:${row.id}`,
    params: { currency: row.code, freePercent: row.free_percent, threshold: percent },
  }));
}

/** Coins paid from an imported pool (no key) with few free addresses left, and keys past the wallet's gap limit. */
async function addressesLow(db: Db, minFree: number): Promise<Condition[]> {
  const pools = await db.execute<{ id: number; code: string; free: number }>(sql`
    select cur.id, cur.code, count(a.id) filter (where a.claim_uuid is null)::int as free
    from currencies cur join deposit_addresses a on a.currency_id = cur.id
    where cur.active and cur.kind = 'crypto'
      and not exists (select 1 from currency_deposit_keys k where k.currency_id = cur.id)
    group by cur.id, cur.code
    having count(a.id) filter (where a.claim_uuid is null) < ${minFree}`);
  const gaps = (await depositKeyGaps(db)).filter((gap) => gap.overGapLimit);
  return [
    ...pools.rows.map((row) => ({
      kind: 'addresses_low' as const,
      key: `addresses_low:pool:${row.id}`,
      params: { currency: row.code, free: row.free, threshold: minFree },
    })),
    ...gaps.map((gap) => ({
      kind: 'addresses_low' as const,
      key: `addresses_low:gap:${gap.code}`,
      params: { currency: gap.code, gap: gap.unpaidSinceLastPaid },
    })),
  ];
}

async function exportWithheld(db: Db): Promise<Condition[]> {
  const rows = await db.execute<{ id: number; reason: string; from_code: string; to_code: string }>(sql`
    select w.id, w.reason, f.code as from_code, t.code as to_code
    from export_withheld w join directions d on d.id = w.direction_id
    join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id
    where w.resolved_at is null`);
  return rows.rows.map((row) => ({
    kind: 'export_withheld',
    key: `export_withheld:${row.id}`,
    params: { from: row.from_code, to: row.to_code, reason: row.reason },
  }));
}

/** Everything that holds now, of every kind (switched-off kinds are left out when the alerts are written). */
export async function currentConditions(db: Db, settings: AlertSettings): Promise<Condition[]> {
  const parts = await Promise.all([
    newClaims(db),
    paymentsSeen(db),
    claimsWaiting(db, settings.waitingMinutes),
    directionsOf(db, 'rate_paused', sql`d.paused`),
    directionsOf(db, 'rate_held', sql`df.held_course is not null`),
    reservesLow(db, settings.reserveMinPercent),
    addressesLow(db, settings.poolMinFree),
    exportWithheld(db),
  ]);
  return parts.flat();
}
