// What a direction is priced at: the course that applies and the amounts it accepts at that course. One function
// for the claims service (a claim is priced by it inside its transaction) and the monitors' export (each item, and
// its self-audit); both rest on src/domain/limits.ts, the rule the browser's calculator applies too.
import { effectiveCourse, limitsOf, type DirectionLimits, type Limits } from '../../src/domain/limits.ts';
import { receiveFromGive, type Decimal } from '../../src/domain/money.ts';
import type { CurrencyRow, DirectionRow } from '../db/schema/calculator.ts';

export interface DirectionQuote {
  /** The course a claim is priced at (before a promo code's percent). */
  course: Decimal;
  /** Bounds of the give and the receive amount at that course. */
  limits: Limits;
}

type PricedDirection = Pick<
  DirectionRow,
  | 'course'
  | 'verificationCourse'
  | 'fromMin'
  | 'fromMinVerification'
  | 'fromMax'
  | 'toMin'
  | 'toMinVerification'
  | 'toMax'
>;

function directionLimits(direction: PricedDirection, from: CurrencyRow, to: CurrencyRow): DirectionLimits {
  return {
    give: {
      min: direction.fromMin,
      minVerification: direction.fromMinVerification,
      max: direction.fromMax,
      decimals: from.decimals,
    },
    receive: {
      min: direction.toMin,
      minVerification: direction.toMinVerification,
      max: direction.toMax,
      decimals: to.decimals,
    },
  };
}

/** The course and limits of a direction for a plain (`verified` false) or a verified client. */
export function quoteDirection(
  direction: PricedDirection,
  from: CurrencyRow,
  to: CurrencyRow,
  verified: boolean,
): DirectionQuote {
  const course = effectiveCourse(direction, verified)!;
  return { course, limits: limitsOf(directionLimits(direction, from, to), course, verified) };
}

/** What a claim giving `give` at `course` pays out: rounded half-up to the receive currency's decimals. */
export function payoutOf(give: Decimal, course: Decimal, to: CurrencyRow): Decimal {
  return receiveFromGive(give, course, to.decimals);
}
