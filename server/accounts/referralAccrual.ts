// Pays the referrer their share of a completed claim, once per claim whatever the number of calls.
import Big from 'big.js';
import { and, eq, sql } from 'drizzle-orm';
import { roundDown } from '../../src/domain/money.ts';
import type { Db } from '../db/index.ts';
import { currencies, directions } from '../db/schema/calculator.ts';
import { claims } from '../db/schema/claims.ts';
import { referralBalances, referralMovements } from '../db/schema/referral.ts';
import { users } from '../db/schema/users.ts';
import { REFERRAL_DECIMALS, REFERRAL_PERCENT, REFERRAL_UNIT } from './referralTerms.ts';

/** The claim's value in roubles: its RUB side, or the give amount at the exchanger's course into roubles. */
async function rubValue(db: Db, claim: typeof claims.$inferSelect): Promise<string | null> {
  const sides = await db
    .select({ id: currencies.id, unit: currencies.unit })
    .from(currencies)
    .where(sql`${currencies.id} in (${claim.fromCurrencyId}, ${claim.toCurrencyId})`);
  const unitOf = (id: number) => sides.find((side) => side.id === id)?.unit;
  if (unitOf(claim.fromCurrencyId) === REFERRAL_UNIT) return claim.fromSumma;
  if (unitOf(claim.toCurrencyId) === REFERRAL_UNIT) return claim.toSumma;
  const [toRub] = await db
    .select({ course: directions.course })
    .from(directions)
    .innerJoin(currencies, eq(currencies.id, directions.toId))
    .where(and(eq(directions.fromId, claim.fromCurrencyId), eq(currencies.unit, REFERRAL_UNIT)))
    .orderBy(directions.sort, directions.id)
    .limit(1);
  if (!toRub) return null;
  return new Big(claim.fromSumma).times(toRub.course).toFixed();
}

/**
 * Credits the referrer of a completed claim (the partner named on the claim, else whoever invited its owner).
 * Returns the credited amount, or null when nothing is owed or it was already credited.
 */
export async function accrueReferral(db: Db, claimUuid: string): Promise<string | null> {
  const [claim] = await db.select().from(claims).where(eq(claims.uuid, claimUuid));
  if (!claim || claim.status !== 'completed') return null;
  // The claim's owner: the signed-in creator, else the activated account with the claim's e-mail.
  const ownerCondition =
    claim.userId !== null ? eq(users.id, claim.userId) : and(eq(users.email, claim.email.toLowerCase()), eq(users.activated, true));
  const [owner] = await db.select({ id: users.id, referredBy: users.referredBy }).from(users).where(ownerCondition);
  const referrerId = claim.referrerId ?? owner?.referredBy ?? null;
  if (referrerId === null || referrerId === owner?.id) return null;
  const value = await rubValue(db, claim);
  if (value === null) return null;
  const reward = roundDown(new Big(value).times(REFERRAL_PERCENT).div(100).toFixed(), REFERRAL_DECIMALS);
  if (!new Big(reward).gt(0)) return null;

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(referralMovements)
      .values({
        userId: referrerId,
        kind: 'deposit',
        reason: 'claim_reward',
        amount: reward,
        reference: claim.uuid,
        sourceKey: `claim:${claim.uuid}`,
      })
      .onConflictDoNothing({ target: referralMovements.sourceKey })
      .returning({ id: referralMovements.id });
    if (inserted.length === 0) return null;
    await tx
      .insert(referralBalances)
      .values({ userId: referrerId, balance: reward })
      .onConflictDoUpdate({
        target: referralBalances.userId,
        set: { balance: sql`${referralBalances.balance} + ${reward}::numeric`, updatedAt: new Date() },
      });
    return reward;
  });
}
