// A claim's rate receipt: the course it was created at and how it was formed — typed by the operator, or computed
// by the direction's formula from market quotes (the newest course the formula wrote before the claim, with its
// inputs and their moment) — plus a promo code's percent, until when the course is fixed (the payment deadline) and
// how many network confirmations the deposit needs (the operator's per-currency choice, else the chain's default).
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { RateReceipt } from '../../src/api/schemas/claim.ts';
import type { Db } from '../db/index.ts';
import { currencies, directions } from '../db/schema/calculator.ts';
import { chainConfirmations } from '../db/schema/chainDeposits.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { promocodes } from '../db/schema/promocodes.ts';
import { directionFormulas, rateEvents, rateHistory } from '../db/schema/rates.ts';
import { chainCurrencies } from '../payments/chains/config.ts';
import { dec } from '../catalogue/catalog.ts';

async function confirmationsOf(db: Db, currencyId: number): Promise<number | null> {
  const [row] = await db
    .select({ code: currencies.code, set: chainConfirmations.confirmations })
    .from(currencies)
    .leftJoin(chainConfirmations, eq(chainConfirmations.currencyId, currencies.id))
    .where(eq(currencies.id, currencyId));
  if (!row) return null;
  return row.set ?? chainCurrencies().get(row.code)?.defaultConfirmations ?? null;
}

export async function rateReceiptOf(db: Db, claim: ClaimRow): Promise<RateReceipt> {
  const [direction] = await db
    .select({
      id: directions.id,
      formula: directionFormulas.courseFormula,
      verifiedFormula: directionFormulas.verifiedFormula,
    })
    .from(directions)
    .leftJoin(directionFormulas, eq(directionFormulas.directionId, directions.id))
    .where(and(eq(directions.fromId, claim.fromCurrencyId), eq(directions.toId, claim.toCurrencyId)));
  // Whether the direction followed a formula when the claim was made: the last formula event before it says.
  const [lastSwitch] = direction
    ? await db
        .select({ kind: rateEvents.kind })
        .from(rateEvents)
        .where(
          and(
            eq(rateEvents.directionId, direction.id),
            inArray(rateEvents.kind, ['formula_set', 'formula_removed']),
            lte(rateEvents.at, claim.createdAt),
          ),
        )
        .orderBy(desc(rateEvents.at), desc(rateEvents.id))
        .limit(1)
    : [];
  const onFormula = lastSwitch?.kind === 'formula_set';
  const [written] =
    onFormula && direction
      ? await db
          .select({ inputs: rateHistory.inputs, at: rateHistory.at })
          .from(rateHistory)
          .where(and(eq(rateHistory.directionId, direction.id), lte(rateHistory.at, claim.createdAt)))
          .orderBy(desc(rateHistory.at), desc(rateHistory.id))
          .limit(1)
      : [];
  const [promo] =
    claim.promocodeId === null
      ? []
      : await db.select({ percent: promocodes.percent }).from(promocodes).where(eq(promocodes.id, claim.promocodeId));
  const formula = onFormula
    ? ((claim.withVerificationCourse ? direction?.verifiedFormula : null) ?? direction?.formula ?? null)
    : null;
  return {
    course: dec(claim.course),
    source: onFormula ? 'formula' : 'operator',
    formula,
    quotes: Object.entries(written?.inputs ?? {}).map(([symbol, price]) => ({ symbol, price: dec(price) })),
    quotedAt: written ? written.at.toISOString() : null,
    promoPercent: promo ? dec(promo.percent) : null,
    fixedUntil: claim.deadline.toISOString(),
    confirmations: await confirmationsOf(db, claim.fromCurrencyId),
  };
}
