// The operator's side of the deposit address pools: loading a list of addresses for a crypto currency (each
// checked with the rule of its network) and how many are still free per currency.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  normalizeRequisite,
  requisiteProblem,
  type AddressCheck,
  type RequisiteProblem,
} from '../../src/domain/requisites.ts';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { currencies } from '../db/schema/calculator.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { currencyDepositKeys } from '../db/schema/depositKeys.ts';
import { getCatalog, type Catalog } from '../catalogue/catalog.ts';
import { addressCheckOf } from './paymentRoute.ts';

/** Below this many free addresses a pool is shown as running low. */
export const LOW_POOL_FREE = 20;
/** Lines one import may carry; a longer list is loaded in parts. */
export const MAX_IMPORT_LINES = 50_000;
/** Bad lines an import refusal lists (the rest are counted). */
const LISTED_PROBLEMS = 20;

export interface PoolLine {
  code: string;
  nameRu: string;
  nameEn: string;
  network: string | null;
  free: number;
  used: number;
  /** Fewer than LOW_POOL_FREE free: the operator should load more before claims are refused. */
  low: boolean;
  /** Set to an extended public key (server/payments): its claims derive addresses and never run out. */
  keyed: boolean;
}

/** Every crypto currency's pool, empty ones included, in display order. */
export async function poolLines(db: Db): Promise<PoolLine[]> {
  const rows = await db
    .select({
      code: currencies.code,
      nameRu: currencies.nameRu,
      nameEn: currencies.nameEn,
      network: currencies.network,
      free: sql<number>`count(${depositAddresses.id}) filter (where ${depositAddresses.claimUuid} is null)`.mapWith(
        Number,
      ),
      used: sql<number>`count(${depositAddresses.claimUuid})`.mapWith(Number),
      keyed: sql<boolean>`exists (select 1 from ${currencyDepositKeys} where ${currencyDepositKeys.currencyId} = ${currencies.id})`,
    })
    .from(currencies)
    .leftJoin(depositAddresses, eq(depositAddresses.currencyId, currencies.id))
    .where(eq(currencies.kind, 'crypto'))
    .groupBy(currencies.id)
    .orderBy(asc(currencies.sort), asc(currencies.id));
  return rows.map((row) => ({ ...row, low: !row.keyed && row.free < LOW_POOL_FREE }));
}

export interface BadAddress {
  /** 1-based line of the list. */
  line: number;
  value: string;
  problem: RequisiteProblem;
}

export type ImportOutcome =
  | { ok: true; loaded: number; skipped: number; free: number }
  | { ok: false; reason: 'unknown_currency' | 'not_crypto' | 'empty' | 'too_long' }
  | { ok: false; reason: 'invalid'; check: AddressCheck; bad: BadAddress[]; badCount: number };

/**
 * Loads one address per line (blank lines ignored) into the currency's pool. Any line its network's rule refuses
 * refuses the whole list, so a list is never half loaded; addresses already in a pool of that network (or twice
 * in the list) are skipped and counted.
 */
export async function importAddresses(db: Db, catalog: Catalog, code: string, list: string): Promise<ImportOutcome> {
  const [currency] = await db
    .select({ id: currencies.id, kind: currencies.kind })
    .from(currencies)
    .where(eq(currencies.code, code.toUpperCase()));
  if (!currency) return { ok: false, reason: 'unknown_currency' };
  const check = currency.kind === 'crypto' ? addressCheckOf(catalog, currency.id) : null;
  if (check === null) return { ok: false, reason: 'not_crypto' };
  const lines = list.split(/\r?\n/);
  const given = lines.map((raw, index) => ({ line: index + 1, value: raw.trim() })).filter((row) => row.value !== '');
  if (given.length === 0) return { ok: false, reason: 'empty' };
  if (given.length > MAX_IMPORT_LINES) return { ok: false, reason: 'too_long' };
  const bad: BadAddress[] = [];
  for (const row of given) {
    const problem = requisiteProblem(check, row.value);
    if (problem !== null) bad.push({ ...row, problem });
  }
  if (bad.length > 0)
    return { ok: false, reason: 'invalid', check, bad: bad.slice(0, LISTED_PROBLEMS), badCount: bad.length };
  const addresses = given.map((row) => normalizeRequisite(check, row.value));
  // One statement whatever the list's length: the list travels as one JSON parameter.
  const inserted = await db.execute<{ id: number }>(sql`
    insert into ${depositAddresses} (currency_id, network, address)
    select ${currency.id}, ${check}, value from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb)
    on conflict do nothing
    returning id`);
  const [free] = await db
    .select({ value: count() })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.currencyId, currency.id), isNull(depositAddresses.claimUuid)));
  const loaded = inserted.rows.length;
  return { ok: true, loaded, skipped: addresses.length - loaded, free: free?.value ?? 0 };
}

/** Loads a list as `actor` (the CLI or an operator), its audit row written in the same transaction. */
export async function importAddressesAs(
  db: Db,
  actor: Actor,
  code: string,
  list: string,
  // The catalogue comes from the pool: loading it inside the transaction would run its reads at once on one
  // connection. A caller already in a transaction passes the one it read before.
  catalog?: Catalog,
): Promise<ImportOutcome> {
  catalog ??= await getCatalog(db);
  return audited(db, actor, async (tx) => {
    const result = await importAddresses(tx, catalog, code, list);
    return {
      result,
      audit: result.ok
        ? {
            action: 'addresses.import',
            target: code.toUpperCase(),
            after: { loaded: result.loaded, skipped: result.skipped, free: result.free },
          }
        : null,
    };
  });
}
