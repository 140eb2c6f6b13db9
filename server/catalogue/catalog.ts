// The read model of what is traded (currencies, directions, fields, reserves, payment accounts, contest,
// maintenance), loaded in one go and kept in memory for at most CATALOG_TTL_MS: calculator reads are hot and
// change rarely. It is for display only: a claim is priced from what its own transaction reads (claims.ts).
// Every write announces itself (catalogEvents.ts), so every instance drops its copy as soon as it commits.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { add } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import {
  contests,
  currencies,
  currencyFields,
  directions,
  paymentAccounts,
  reserveBalances,
  reserveSlots,
  reserves,
  siteSettings,
  type CurrencyFieldRow,
  type CurrencyRow,
  type DirectionRow,
  type MaintenanceSetting,
  type Side,
} from '../db/schema/calculator.ts';
import { payableSql } from '../payments/payability.ts';

/** Hard bound on a catalogue's age: nothing older is ever answered, even if a change notice was missed. */
export const CATALOG_TTL_MS = 1000;

export interface Catalog {
  /** Active currencies in display order. */
  currencies: CurrencyRow[];
  currencyById: Map<number, CurrencyRow>;
  currencyByCode: Map<string, CurrencyRow>;
  /** Active directions between active currencies, in display order. */
  directions: DirectionRow[];
  directionByPair: Map<string, DirectionRow>;
  fields: Map<string, CurrencyFieldRow[]>;
  /** Available reserve per currency: what the exchanger holds minus what open claims will pay out. */
  reserves: Map<number, string>;
  paymentAccounts: Map<number, (typeof paymentAccounts.$inferSelect)[]>;
  contest: typeof contests.$inferSelect | null;
  maintenance: MaintenanceSetting;
  /** Newest change among directions: the course timestamp. */
  loadedAt: number;
  /** Newest committed change to directions, reserves (holds included) or the maintenance switch. */
  changedAt: Date;
  /**
   * This process's change generation when the load started: bumped by every catalogue write here and every
   * change notice heard from another instance, so whatever an operator changed (contest, settings, texts as well
   * as courses) makes a catalogue loaded afterwards differ from the one a page was rendered from.
   */
  generation: number;
}

export const MAINTENANCE_KEY = 'maintenance';

/** The maintenance setting as committed now, a subquery for a statement that must read it with its own data. */
export const maintenanceNowSql = sql<MaintenanceSetting | null>`(select value from ${siteSettings} where key = ${MAINTENANCE_KEY})`;

export function pairKey(fromId: number, toId: number): string {
  return `${fromId}:${toId}`;
}

function fieldsKey(currencyId: number, side: Side): string {
  return `${currencyId}:${side}`;
}

/** Canonical decimal string of a numeric column ("9000000", "0.00000011"). */
export function dec(value: string): string {
  return add(value, '0');
}

export function decOrNull(value: string | null): string | null {
  return value === null ? null : dec(value);
}

async function loadCatalog(db: Db, loadGeneration: number): Promise<Catalog> {
  const [currencyRows, directionRows, fieldRows, reserveRows, accountRows, contestRows, settingRows, changed] =
    await Promise.all([
      db.select().from(currencies).where(eq(currencies.active, true)).orderBy(asc(currencies.sort), asc(currencies.id)),
      // A paused direction (stale live-rate inputs, server/rates) is not offered until it resumes, nor one whose
      // give currency cannot be paid now (payments/payability.ts).
      db
        .select()
        .from(directions)
        .where(and(eq(directions.active, true), eq(directions.paused, false), payableSql(directions.fromId)))
        .orderBy(asc(directions.sort), asc(directions.id)),
      db.select().from(currencyFields).orderBy(asc(currencyFields.sort), asc(currencyFields.id)),
      db.select({ currencyId: reserveBalances.currencyId, available: reserveBalances.available }).from(reserveBalances),
      db.select().from(paymentAccounts).orderBy(asc(paymentAccounts.sort), asc(paymentAccounts.id)),
      db.select().from(contests).where(eq(contests.active, true)).orderBy(desc(contests.startsAt)).limit(1),
      db.select().from(siteSettings).where(eq(siteSettings.key, MAINTENANCE_KEY)),
      // Inactive directions count too: switching one off changes what is offered.
      db.execute<{ at: Date | string | null }>(sql`select greatest(
        (select max(updated_at) from ${directions}), (select max(updated_at) from ${reserves}),
        (select max(updated_at) from ${reserveSlots}),
        (select max(updated_at) from ${siteSettings})) as at`),
    ]);
  const currencyById = new Map(currencyRows.map((row) => [row.id, row]));
  const activeDirections = directionRows.filter((row) => currencyById.has(row.fromId) && currencyById.has(row.toId));
  const fields = new Map<string, CurrencyFieldRow[]>();
  for (const row of fieldRows) {
    const key = fieldsKey(row.currencyId, row.side);
    fields.set(key, [...(fields.get(key) ?? []), row]);
  }
  const accounts = new Map<number, (typeof paymentAccounts.$inferSelect)[]>();
  for (const row of accountRows) accounts.set(row.currencyId, [...(accounts.get(row.currencyId) ?? []), row]);
  const maintenance = (settingRows[0]?.value as MaintenanceSetting | undefined) ?? {
    enabled: false,
    messageRu: null,
    messageEn: null,
  };
  return {
    currencies: currencyRows,
    currencyById,
    currencyByCode: new Map(currencyRows.map((row) => [row.code, row])),
    directions: activeDirections,
    directionByPair: new Map(activeDirections.map((row) => [pairKey(row.fromId, row.toId), row])),
    fields,
    reserves: new Map(reserveRows.map((row) => [row.currencyId, dec(row.available)])),
    paymentAccounts: accounts,
    contest: contestRows[0] ?? null,
    maintenance,
    loadedAt: Date.now(),
    changedAt: new Date(changed.rows[0]?.at ?? 0),
    generation: loadGeneration,
  };
}

interface CacheEntry {
  /** The load in flight or done. */
  loading: Promise<Catalog>;
  /** When the load started: its data is at least this fresh. */
  at: number;
  /** The process's write generation when the load started (see catalogWritten). */
  generation: number;
}

const caches = new WeakMap<object, CacheEntry>();
/** Bumped by every catalogue write of this process, whichever database handle or transaction made it. */
let generation = 0;

function load(db: Db): CacheEntry {
  const entry: CacheEntry = { loading: loadCatalog(db, generation), at: Date.now(), generation };
  caches.set(db, entry);
  entry.loading.catch(() => {
    // A failed load is retried by the next request.
    if (caches.get(db) === entry) caches.delete(db);
  });
  return entry;
}

/**
 * The catalogue of this database, from memory when loaded less than CATALOG_TTL_MS ago; otherwise callers wait
 * for a fresh load (one load shared by all of them), never answering from an older one. It is read through the
 * pool: a transaction has one connection, and the load's reads run side by side.
 */
export function getCatalog(db: Db): Promise<Catalog> {
  if (db instanceof PgTransaction) throw new Error('getCatalog reads through the pool; read it before the transaction');
  const cached = caches.get(db);
  if (cached && cached.generation === generation && Date.now() - cached.at < CATALOG_TTL_MS) return cached.loading;
  return load(db).loading;
}

/** This process's change generation now (see Catalog.generation). */
export function catalogGeneration(): number {
  return generation;
}

/** Drops the cached catalogue of `db`: something changed (a write here, or a notice from another instance). */
export function invalidateCatalog(db: Db): void {
  caches.delete(db);
  generation += 1;
}

/**
 * This process wrote to the catalogue (possibly in a transaction not yet committed): every cached catalogue is
 * reloaded on its next read, so the writer reads its own write at once. A reload racing the commit may still read
 * the old rows; the NOTIFY heard at commit (catalogEvents.ts) drops that one too.
 */
export function catalogWritten(): void {
  generation += 1;
}

export function sideFields(catalog: Catalog, currencyId: number, side: Side): CurrencyFieldRow[] {
  return catalog.fields.get(fieldsKey(currencyId, side)) ?? [];
}

/** Receive currencies a give currency trades into. */
export function receiveOptions(catalog: Catalog, fromId: number): CurrencyRow[] {
  return catalog.directions
    .filter((row) => row.fromId === fromId)
    .map((row) => catalog.currencyById.get(row.toId))
    .filter((row): row is CurrencyRow => row !== undefined);
}

/** Give currencies with at least one active direction. */
export function giveOptions(catalog: Catalog): CurrencyRow[] {
  const giving = new Set(catalog.directions.map((row) => row.fromId));
  return catalog.currencies.filter((row) => giving.has(row.id));
}
