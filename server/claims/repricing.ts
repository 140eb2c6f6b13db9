// Accepting a late payment: a claim whose money arrived after it expired (paid late) continues at the course of
// this moment, not the one it was created at. Its hold on the reserve was given back when it expired, so the new
// receive amount is held again in the same statement that moves it to processing, records the old and new
// prices, logs the event and queues the client's mail — or nothing at all is written when the reserve is short.
import { and, eq, sql } from 'drizzle-orm';
import { isPositive, receiveFromGive, withPercent } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import { currencies, directions, reserveBalances } from '../db/schema/calculator.ts';
import { claimMails } from '../db/schema/claimMails.ts';
import { claimRepricings } from '../db/schema/claimRepricings.ts';
import { claimEvents, claims, type ClaimRow } from '../db/schema/claims.ts';
import { promocodes } from '../db/schema/promocodes.ts';
import { alias } from 'drizzle-orm/pg-core';
import { CARD_CHECK_STATUS } from '../../src/domain/cardVerification.ts';
import { dec } from '../catalogue/catalog.ts';
import { awaitsCardVerification, sendersCardVerification } from './cardVerificationGate.ts';
import { TransitionError, type MoveResult } from './service.ts';

export interface Repricing {
  oldCourse: string;
  newCourse: string;
  oldToSumma: string;
  newToSumma: string;
}

export interface RepricedClaim extends MoveResult {
  repricing: Repricing;
}

/** The receive currency's reserve has less free than the re-priced payout. */
export class RepriceReserveShortError extends Error {
  readonly needed: string;
  readonly available: string;

  constructor(needed: string, available: string) {
    super(`re-pricing needs ${needed} of the reserve, ${available} is available`);
    this.needed = needed;
    this.available = available;
  }
}

/** The claim's direction is no longer traded (removed, switched off or paused): there is no current course. */
export class RepriceNoCourseError extends Error {
  constructor() {
    super('the direction of the claim has no current course');
  }
}

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

/** What a claim would be priced at now. */
export interface PriceNow {
  course: string;
  toSumma: string;
}

/**
 * The claim's direction's current course (the verified course if the claim used it, the claim's promo percent
 * applied again) and the receive amount it gives the claim's payment. RepriceNoCourseError when the direction is
 * not traded now.
 */
export async function priceNow(db: Pick<Db, 'select'>, claim: ClaimRow): Promise<PriceNow> {
  const [priced] = await db
    .select({
      course: directions.course,
      verificationCourse: directions.verificationCourse,
      traded: sql<boolean>`${directions.active} and not ${directions.paused} and ${giveCurrency.active} and ${receiveCurrency.active}`,
      decimals: receiveCurrency.decimals,
      percent: promocodes.percent,
    })
    .from(directions)
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .leftJoin(promocodes, eq(promocodes.id, sql`${claim.promocodeId}::int`))
    .where(and(eq(directions.fromId, claim.fromCurrencyId), eq(directions.toId, claim.toCurrencyId)));
  if (!priced?.traded) throw new RepriceNoCourseError();
  const base =
    claim.withVerificationCourse && priced.verificationCourse !== null ? priced.verificationCourse : priced.course;
  const course = priced.percent === null ? base : withPercent(base, priced.percent);
  const toSumma = receiveFromGive(claim.fromSumma, course, priced.decimals);
  if (!isPositive(toSumma)) throw new RepriceNoCourseError();
  return { course, toSumma };
}

/**
 * Re-prices a paid-late claim at its direction's current course (priceNow) and moves it to processing. Null for an unknown claim; TransitionError
 * when it is not paid late; RepriceNoCourseError or RepriceReserveShortError when it cannot be, changing nothing.
 */
export async function repriceLateClaim(
  db: Db,
  uuid: string,
  options: { actor: string; note: string },
): Promise<RepricedClaim | null> {
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.uuid, uuid)).for('update');
    if (!claim) return null;
    if (claim.status !== 'paid_late') throw new TransitionError(claim.status, 'processing', 'operator');
    const { course: newCourse, toSumma: newToSumma } = await priceNow(tx, claim);
    const repricing: Repricing = {
      oldCourse: claim.course,
      newCourse,
      oldToSumma: claim.toSumma,
      newToSumma,
    };
    const note = `${options.note}; re-priced at ${newCourse} (was ${claim.course})`;
    // A direction flagged for card verification pays out only to a verified sender card: until then the re-priced
    // claim waits in needs_verification (holding its new payout) and the client gets that mail.
    const awaitsCard = await tx.execute<{ waits: boolean }>(
      sql`select ${awaitsCardVerification('processing')} as waits from ${claims} c where c.uuid = ${uuid}`,
    );
    const to = awaitsCard.rows[0]?.waits ? CARD_CHECK_STATUS : 'processing';
    // Everything hangs on `held` (reserve_take, migration 0033): without free reserve no row comes back and nothing
    // else is written.
    const result = await tx.execute<{ uuid: string }>(sql`
      with held as (
        select ${claim.toCurrencyId}::int as currency_id where reserve_take(${claim.toCurrencyId}, ${newToSumma}::numeric)
      ), repriced as (
        update ${claims} set status = ${to}, course = ${newCourse}::numeric, to_summa = ${newToSumma}::numeric,
          hold = ${newToSumma}::numeric, updated_at = now()
        from held where ${claims.uuid} = ${uuid} and ${claims.status} = 'paid_late'
        returning ${claims.uuid} as uuid
      ), recorded as (
        insert into ${claimRepricings} (claim_uuid, old_course, new_course, old_to_summa, new_to_summa, actor)
        select uuid, ${claim.course}::numeric, ${newCourse}::numeric, ${claim.toSumma}::numeric, ${newToSumma}::numeric,
          ${options.actor}
        from repriced
      ), logged as (
        insert into ${claimEvents} (claim_uuid, from_status, to_status, actor, note)
        select uuid, 'paid_late', ${to}, 'operator', ${note} from repriced
      ), mailed as (
        insert into ${claimMails} (claim_uuid, status, announces_repricing)
        select uuid, ${to}, ${to === 'processing'} from repriced
      )
      select uuid from repriced`);
    if (result.rows.length === 0) {
      const [reserve] = await tx
        .select({ available: reserveBalances.available })
        .from(reserveBalances)
        .where(eq(reserveBalances.currencyId, claim.toCurrencyId));
      throw new RepriceReserveShortError(dec(newToSumma), dec(reserve?.available ?? '0'));
    }
    const [moved] = await tx.select().from(claims).where(eq(claims.uuid, uuid));
    if (to === CARD_CHECK_STATUS) await sendersCardVerification(tx, moved!);
    return { claim: moved!, from: 'paid_late', reward: null, repricing };
  });
}

/** The re-price record of a claim, null when it was never re-priced. */
export async function repricingOf(
  db: Pick<Db, 'select'>,
  uuid: string,
): Promise<(Repricing & { actor: string; at: string }) | null> {
  const [row] = await db.select().from(claimRepricings).where(eq(claimRepricings.claimUuid, uuid));
  if (!row) return null;
  return {
    oldCourse: row.oldCourse,
    newCourse: row.newCourse,
    oldToSumma: row.oldToSumma,
    newToSumma: row.newToSumma,
    actor: row.actor,
    at: row.at.toISOString(),
  };
}
