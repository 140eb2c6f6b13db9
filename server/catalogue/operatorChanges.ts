// Operator changes to what the catalogue holds (direction courses, limits and pause; reserves; maintenance;
// the contest), shared by the CLI and the console. Each takes the acting operator and writes its audit row (what
// was before and after) in the change's transaction, so the CLI and the console write the same row; each announces
// the change to every instance through notifyCatalogChanged with the transaction (heard at commit).
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { audited, type Actor } from '../backoffice/audit.ts';
import { contests, currencies, directions, reserveBalances, reserves, siteSettings, type MaintenanceSetting } from '../db/schema/calculator.ts';
import { directionFormulas } from '../db/schema/rates.ts';
import { takesCardVerification } from '../../src/domain/cardVerification.ts';
import { MAINTENANCE_KEY } from './catalog.ts';
import { notifyCatalogChanged } from './events.ts';

const fromCurrency = alias(currencies, 'from_currency');
const toCurrency = alias(currencies, 'to_currency');

/** A currency's id by its code, in any case; null when there is none. */
export async function currencyIdOf(db: Db, code: string): Promise<number | null> {
  const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code.toUpperCase()));
  return row?.id ?? null;
}

/** A direction's id by the codes of what the client gives and receives; null when there is none. */
export async function directionIdOf(db: Db, from: string, to: string): Promise<number | null> {
  const [row] = await db
    .select({ id: directions.id })
    .from(directions)
    .innerJoin(fromCurrency, eq(fromCurrency.id, directions.fromId))
    .innerJoin(toCurrency, eq(toCurrency.id, directions.toId))
    .where(and(eq(fromCurrency.code, from.toUpperCase()), eq(toCurrency.code, to.toUpperCase())));
  return row?.id ?? null;
}

/** Reserve, held by open claims and available, per currency (or one), as numeric text. */
export function reserveLines(db: Db, id?: number) {
  return db
    .select({
      code: currencies.code,
      nameRu: currencies.nameRu,
      nameEn: currencies.nameEn,
      amount: sql<string>`${reserveBalances.amount}::text`,
      held: sql<string>`${reserveBalances.held}::text`,
      available: sql<string>`${reserveBalances.available}::text`,
    })
    .from(reserveBalances)
    .innerJoin(currencies, eq(currencies.id, reserveBalances.currencyId))
    .where(id === undefined ? undefined : eq(reserveBalances.currencyId, id))
    .orderBy(currencies.sort, currencies.id);
}

function isReserveCheck(error: unknown): boolean {
  // Drizzle wraps the driver's error: the CHECK's name is on its cause.
  const failure = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return failure.code === '23514' && (failure.constraint?.startsWith('reserves_') ?? false);
}

export type ReserveOutcome =
  | { ok: true; before: string | null; after: string }
  | { ok: false; held: string }
  /** The reserve is no longer what the operator saw (a completion or another operator changed it meanwhile). */
  | { ok: false; changed: string };

/** How a reserve is set: to an amount given the amount the operator saw, or moved by a signed delta. */
export type ReserveChange = { amount: string; expected: string | null } | { delta: string };

/**
 * Sets a currency's reserve in one conditional statement: to an amount only while it still is the amount the
 * operator saw (a payout made meanwhile is never erased; null: no reserve row yet), or by a delta relative to
 * whatever it is. Refused (nothing changes) below zero or below what open claims hold: the CHECKs of the table
 * decide, inside a savepoint so that a surrounding transaction survives the refusal.
 */
async function writeReserve(db: Db, currencyId: number, change: ReserveChange): Promise<ReserveOutcome> {
  const [current] = await db.select({ amount: reserves.amount }).from(reserves).where(eq(reserves.currencyId, currencyId));
  let after: string | null;
  try {
    after = await db.transaction(async (savepoint) => {
      if ('delta' in change) {
        const moved = await savepoint.execute<{ amount: string }>(sql`
          update ${reserves} set amount = amount + ${change.delta}::numeric, updated_at = now()
          where currency_id = ${currencyId} returning amount::text as amount`);
        if (moved.rows[0]) return moved.rows[0].amount;
      }
      const amount = 'delta' in change ? change.delta : change.amount;
      const expected = 'delta' in change ? null : change.expected;
      const written = await savepoint.execute<{ amount: string }>(sql`
        insert into ${reserves} (currency_id, amount)
        select ${currencyId}, ${amount}::numeric where ${expected}::numeric is null
        on conflict (currency_id) do nothing
        returning amount::text as amount`);
      if ('delta' in change || written.rows.length > 0) return written.rows[0]?.amount ?? null;
      const updated = await savepoint.execute<{ amount: string }>(sql`
        update ${reserves} set amount = ${change.amount}::numeric, updated_at = now()
        where currency_id = ${currencyId} and amount = ${change.expected}::numeric
        returning amount::text as amount`);
      return updated.rows[0]?.amount ?? null;
    });
  } catch (error) {
    if (!isReserveCheck(error)) throw error;
    const [line] = await reserveLines(db, currencyId);
    return { ok: false, held: line?.held ?? '0' };
  }
  if (after === null) {
    const [line] = await reserveLines(db, currencyId);
    return { ok: false, changed: line?.amount ?? '0' };
  }
  await notifyCatalogChanged(db);
  return { ok: true, before: current?.amount ?? null, after };
}

/** Sets a currency's reserve (see writeReserve), audited as `reserve.set` under its code when it changed. */
export async function setReserve(db: Db, actor: Actor, currencyId: number, change: ReserveChange): Promise<ReserveOutcome> {
  return audited<ReserveOutcome>(db, actor, async (tx) => {
    const result = await writeReserve(tx, currencyId, change);
    if (!result.ok) return { result, audit: null };
    const [currency] = await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, currencyId));
    return {
      result,
      audit: { action: 'reserve.set', target: currency?.code ?? `#${currencyId}`, before: { amount: result.before }, after: { amount: result.after } },
    };
  });
}

/** Card verification asked of a direction whose client gives no card (nothing to verify). */
export class CardVerificationUnfitError extends Error {
  constructor() {
    super('only a direction whose give side is a bank card can require card verification');
  }
}

/** A manual course asked of a direction whose course (or verified course) follows a formula. */
export class FormulaCourseError extends Error {
  constructor() {
    super('the direction follows a formula; remove the formula first for a manual course');
  }
}

export interface DirectionChanges {
  course?: string;
  verificationCourse?: string | null;
  fromMin?: string | null;
  fromMax?: string | null;
  toMin?: string | null;
  toMax?: string | null;
  fromMinVerification?: string | null;
  toMinVerification?: string | null;
  /** False takes the direction out of the calculator (the operator's pause). */
  active?: boolean;
  /** The direction's own payment window in seconds; null returns it to the site's default. */
  paymentWindowSeconds?: number | null;
  /** Pay out only once the sender card is verified (card-giving directions only; see takesCardVerification). */
  cardVerification?: boolean;
}

export function directionLines(db: Db, id?: number) {
  return db
    .select({
      id: directions.id,
      fromCode: fromCurrency.code,
      toCode: toCurrency.code,
      course: directions.course,
      verificationCourse: directions.verificationCourse,
      fromMin: directions.fromMin,
      fromMax: directions.fromMax,
      toMin: directions.toMin,
      toMax: directions.toMax,
      active: directions.active,
      paused: directions.paused,
      paymentWindowSeconds: directions.paymentWindowSeconds,
      cardVerification: directions.cardVerification,
      /** What the client gives (crypto, card, emoney, cash): only a card can be verified. */
      fromKind: fromCurrency.kind,
    })
    .from(directions)
    .innerJoin(fromCurrency, eq(fromCurrency.id, directions.fromId))
    .innerJoin(toCurrency, eq(toCurrency.id, directions.toId))
    .where(id === undefined ? undefined : eq(directions.id, id))
    .orderBy(directions.sort, directions.id);
}

export type DirectionLine = Awaited<ReturnType<typeof directionLines>>[number];

/**
 * Applies the changes given (others stay), audited as `direction.update` with the direction before and after; null
 * when there is no such direction.
 */
export async function updateDirection(
  db: Db,
  actor: Actor,
  id: number,
  changes: DirectionChanges,
): Promise<{ before: DirectionLine; after: DirectionLine } | null> {
  return audited(db, actor, async (tx) => {
    const result = await writeDirection(tx, id, changes);
    return {
      result,
      audit: result && { action: 'direction.update', target: `${result.before.fromCode}-${result.before.toCode}`, before: result.before, after: result.after },
    };
  });
}

async function writeDirection(
  db: Db,
  id: number,
  changes: DirectionChanges,
): Promise<{ before: DirectionLine; after: DirectionLine } | null> {
  const [before] = await directionLines(db, id);
  if (!before) return null;
  if (changes.cardVerification && !takesCardVerification(before.fromKind)) throw new CardVerificationUnfitError();
  if (changes.course !== undefined || changes.verificationCourse !== undefined) {
    // The formula would overwrite a typed course at the next refresh, past every guard: refused, as the CLI does.
    const [formula] = await db
      .select({ verified: directionFormulas.verifiedFormula })
      .from(directionFormulas)
      .where(eq(directionFormulas.directionId, id));
    if (formula && (changes.course !== undefined || formula.verified !== null)) throw new FormulaCourseError();
  }
  await db
    .update(directions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(directions.id, id));
  await notifyCatalogChanged(db);
  const [after] = await directionLines(db, id);
  return { before, after: after! };
}

export async function maintenanceSetting(db: Db): Promise<MaintenanceSetting> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, MAINTENANCE_KEY));
  return (row?.value as MaintenanceSetting | undefined) ?? { enabled: false, messageRu: null, messageEn: null };
}

/** Switches maintenance and its message, audited as `maintenance.set`; answers the setting saved. */
export async function setMaintenance(db: Db, actor: Actor, value: MaintenanceSetting): Promise<MaintenanceSetting> {
  return audited(db, actor, async (tx) => {
    const before = await maintenanceSetting(tx);
    await tx
      .insert(siteSettings)
      .values({ key: MAINTENANCE_KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    await notifyCatalogChanged(tx);
    return { result: value, audit: { action: 'maintenance.set', target: 'maintenance', before, after: value } };
  });
}

export async function contestActive(db: Db): Promise<boolean | null> {
  const [latest] = await db.select({ active: contests.active }).from(contests).orderBy(desc(contests.startsAt)).limit(1);
  return latest ? latest.active : null;
}

/**
 * Turns the latest contest on (the others off) or every contest off, audited as `contest.switch`; false when there
 * is no contest at all.
 */
export async function setContestActive(db: Db, actor: Actor, enabled: boolean): Promise<boolean> {
  return audited(db, actor, async (tx) => {
    const [latest] = await tx.select({ id: contests.id, active: contests.active }).from(contests).orderBy(desc(contests.startsAt)).limit(1);
    if (!latest) return { result: false, audit: null };
    await tx.update(contests).set({ active: false });
    if (enabled) await tx.update(contests).set({ active: true }).where(eq(contests.id, latest.id));
    await notifyCatalogChanged(tx);
    return { result: true, audit: { action: 'contest.switch', target: 'contest', before: { active: latest.active }, after: { active: enabled } } };
  });
}
