// The items of the monitors' export, built from the display catalogue with the claims' own pricing function
// (server/catalogue/pricing.ts): the course a claim at the listed minimum gets, its limits, the labels that apply.
import Big from 'big.js';
import { compare, isPositive, type Decimal } from '../../src/domain/money.ts';
import type { CurrencyRow, DirectionRow } from '../db/schema/calculator.ts';
import { dec, type Catalog } from '../catalogue/catalog.ts';
import { quoteDirection } from '../catalogue/pricing.ts';

/** BestChange's labels (`param`) this exchanger can carry. */
export type RateParam = 'manual' | 'floating' | 'verifying' | 'cardverify';

export interface RateItem {
  directionId: number;
  from: string;
  to: string;
  /** out / in is the course, to 1e-8 of it (exactly when the course is 1 or more). */
  in: Decimal;
  out: Decimal;
  /** The course a claim is priced at (the audit compares in/out with it). */
  course: Decimal;
  /** The receive currency's available reserve: what open claims hold is taken off. */
  amount: Decimal;
  fromMin: Decimal | null;
  fromMax: Decimal | null;
  toMin: Decimal | null;
  toMax: Decimal | null;
  /** The office's city code, for cash. */
  city: string | null;
  params: RateParam[];
}

/** Significant digits of `in` when the course is below 1: out/in then differs from the course by < 1e-11 of it. */
const INVERSE_DIGITS = 12;

/**
 * Monitors expect one side equal to 1: "1 BTC → 8 809 600 RUB" or "92 500 RUB → 1 BTC". A course of 1 or more is
 * written exactly; below 1, `in` is 1/course to 12 significant digits.
 */
export function inOut(course: Decimal): { in: Decimal; out: Decimal } {
  const value = new Big(course);
  if (value.gte(1)) return { in: '1', out: dec(course) };
  const inverse = new Big(1).div(value);
  const integerDigits = inverse.round(0, Big.roundDown).toFixed().length;
  return { in: dec(inverse.round(Math.max(INVERSE_DIGITS - integerDigits, 0), Big.roundHalfUp).toFixed()), out: '1' };
}

export function cityOf(from: CurrencyRow, to: CurrencyRow): string | null {
  return [from, to].find((currency) => currency.kind === 'cash' && currency.city !== null)?.city ?? null;
}

/**
 * Every claim is paid out by an operator (no automatic payouts), so every direction is `manual`; `floating` when
 * the course follows the market by a formula (the claim page says where it comes from and how long it is fixed);
 * `verifying` when a better course needs a verified account; `cardverify` when the payout waits for a verified
 * sender card.
 */
function paramsOf(direction: DirectionRow, onFormula: boolean): RateParam[] {
  const params: RateParam[] = ['manual'];
  if (onFormula) params.push('floating');
  if (direction.verificationCourse !== null) params.push('verifying');
  if (direction.cardVerification) params.push('cardverify');
  return params;
}

/** The item of one direction as a claim would be priced now, or null when no claim could be made on it. */
export function itemOf(
  direction: DirectionRow,
  from: CurrencyRow,
  to: CurrencyRow,
  available: Decimal,
  onFormula: boolean,
): RateItem | null {
  if (!isPositive(available)) return null;
  const { course, limits } = quoteDirection(direction, from, to, false);
  const { give, receive } = limits;
  if (give.min !== null && give.max !== null && compare(give.min, give.max) > 0) return null;
  return {
    directionId: direction.id,
    from: from.code,
    to: to.code,
    ...inOut(course),
    course: dec(course),
    amount: dec(available),
    fromMin: give.min === null ? null : dec(give.min),
    fromMax: give.max === null ? null : dec(give.max),
    toMin: receive.min === null ? null : dec(receive.min),
    toMax: receive.max === null ? null : dec(receive.max),
    city: cityOf(from, to),
    params: paramsOf(direction, onFormula),
  };
}

/** What the catalogue offers now: nothing during maintenance; paused directions are not in the catalogue. */
export function catalogItems(catalog: Catalog, formulaDirectionIds: ReadonlySet<number>): RateItem[] {
  if (catalog.maintenance.enabled) return [];
  const items: RateItem[] = [];
  for (const direction of catalog.directions) {
    const from = catalog.currencyById.get(direction.fromId)!;
    const to = catalog.currencyById.get(direction.toId)!;
    const item = itemOf(direction, from, to, catalog.reserves.get(to.id) ?? '0', formulaDirectionIds.has(direction.id));
    if (item) items.push(item);
  }
  return items;
}
