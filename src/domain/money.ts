// Decimal money arithmetic shared by the browser and the server. Amounts travel as decimal strings;
// no binary float ever holds an amount or a rate.
import Big from 'big.js';

export type Decimal = string;

const Dec = Big();
Dec.DP = 30;
Dec.RM = Big.roundHalfUp;
Dec.strict = false;

const DECIMAL_PATTERN = /^\d{1,18}(\.\d{1,18})?$/;

/** Accepts what a person types ("1 000,50", "0.5") and returns a canonical decimal string, or null. */
export function parseAmount(input: string): Decimal | null {
  const cleaned = input.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!DECIMAL_PATTERN.test(cleaned)) return null;
  return new Dec(cleaned).toFixed();
}

export function isDecimal(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Rounds down to `decimals` places: the customer is never promised more than the exchanger pays. */
export function roundDown(value: Decimal, decimals: number): Decimal {
  return new Dec(value).round(decimals, Big.roundDown).toFixed(decimals);
}

export function roundUp(value: Decimal, decimals: number): Decimal {
  return new Dec(value).round(decimals, Big.roundUp).toFixed(decimals);
}

/** Rounds half-up (0.5 goes away from zero) to `decimals` places. */
export function roundHalfUp(value: Decimal, decimals: number): Decimal {
  return new Dec(value).round(decimals, Big.roundHalfUp).toFixed(decimals);
}

/** receive = give × course, rounded half-up to the receive side's decimals (docs/product.md §4; the server stores this). */
export function receiveFromGive(give: Decimal, course: Decimal, receiveDecimals: number): Decimal {
  return roundHalfUp(new Dec(give).times(course).toFixed(), receiveDecimals);
}

/** give = receive / course, rounded up to the give side's decimals so that it still buys `receive`. */
export function giveFromReceive(receive: Decimal, course: Decimal, giveDecimals: number): Decimal {
  if (new Dec(course).eq(0)) return roundUp('0', giveDecimals);
  return roundUp(new Dec(receive).div(course).toFixed(), giveDecimals);
}

export interface Limits {
  min: Decimal | null;
  max: Decimal | null;
}

/** Clamps the give amount into [min, max]; a missing bound does not constrain. */
export function clamp(amount: Decimal, { min, max }: Limits): Decimal {
  const value = new Dec(amount);
  if (min !== null && value.lt(min)) return new Dec(min).toFixed();
  if (max !== null && value.gt(max)) return new Dec(max).toFixed();
  return value.toFixed();
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return new Dec(a).cmp(b) as -1 | 0 | 1;
}

export function add(a: Decimal, b: Decimal): Decimal {
  return new Dec(a).plus(b).toFixed();
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return new Dec(a).minus(b).toFixed();
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return new Dec(a).times(b).toFixed();
}

export function isPositive(value: Decimal): boolean {
  return new Dec(value).gt(0);
}

/** Applies a percentage (e.g. a promo bonus of "0.5" %) to a course. */
export function withPercent(value: Decimal, percent: Decimal): Decimal {
  return new Dec(value).times(new Dec(100).plus(percent)).div(100).toFixed();
}

/**
 * The give-side minimum: the side's own minimum, or minVerification when the verified rate is used.
 * When the give side has none, it is derived from the receive side's minimum and the course.
 */
export function giveMinimum(
  give: { min: Decimal | null; minVerification: Decimal | null; decimals: number },
  receive: { min: Decimal | null; minVerification: Decimal | null },
  course: Decimal,
  verified: boolean,
): Decimal | null {
  const own = verified ? (give.minVerification ?? give.min) : give.min;
  if (own !== null) return own;
  const other = verified ? (receive.minVerification ?? receive.min) : receive.min;
  if (other === null) return null;
  return giveFromReceive(other, course, give.decimals);
}

/** The give-side maximum: the side's own maximum, or the receive side's maximum converted back. */
export function giveMaximum(
  give: { max: Decimal | null; decimals: number },
  receive: { max: Decimal | null },
  course: Decimal,
): Decimal | null {
  const candidates: Decimal[] = [];
  if (give.max !== null) candidates.push(give.max);
  if (receive.max !== null && isPositive(course)) {
    candidates.push(roundDown(new Dec(receive.max).div(course).toFixed(), give.decimals));
  }
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
}

/**
 * Formats a decimal string for people, with the locale's grouping, never through a float. With `decimals` (the
 * currency's) the fraction is padded to that many digits, as the amount fields show it ("4 404,80", not "4 404,8");
 * a digit beyond them is never cut.
 */
export function formatAmount(value: Decimal, locale: string, decimals = 0): string {
  // Stryker disable next-line StringLiteral: split always yields a first part; the default only satisfies the type.
  const [whole = '0', shortest = ''] = new Dec(value).toFixed().split('.');
  const fraction = shortest.padEnd(decimals, '0');
  const group = locale.startsWith('ru') ? '\u00a0' : ',';
  const decimalMark = locale.startsWith('ru') ? ',' : '.';
  // A minus sign is not a word character, so the grouping never separates it from the first digit.
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${grouped}${fraction ? decimalMark + fraction : ''}`;
}
