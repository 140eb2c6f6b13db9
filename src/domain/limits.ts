// Which course applies and which amounts a direction accepts at it: one rule for the calculator (machine and
// view), the claims service and the rates export.
import { clamp, giveMaximum, giveMinimum, receiveFromGive, type Decimal } from './money.ts';

/** The listed limits of one side of a direction, in that side's currency. */
export interface SideLimits {
  min: Decimal | null;
  /** The minimum that applies with the verified rate; the plain minimum when null. */
  minVerification: Decimal | null;
  max: Decimal | null;
  /** Decimal places amounts of this side are rounded to. */
  decimals: number;
}

export interface DirectionLimits {
  give: SideLimits;
  receive: SideLimits;
}

export interface Bounds {
  min: Decimal | null;
  max: Decimal | null;
}

/** The bounds of both amounts at one course. */
export interface Limits {
  give: Bounds;
  receive: Bounds;
}

export interface Rates {
  course: Decimal | null;
  /** The better rate for verified users; null when the direction has none. */
  verificationCourse: Decimal | null;
}

/** The course a claim is priced at: the verified rate when it is asked for and exists, else the listed one. */
export function effectiveCourse(rates: Rates, verified: boolean): Decimal | null {
  return verified && rates.verificationCourse !== null ? rates.verificationCourse : rates.course;
}

/**
 * Limits of both sides at `course`: a missing give minimum (maximum) is derived from the receive side, and a
 * missing receive bound from the give side's, so both fields can always show what is accepted.
 */
export function limitsOf(direction: DirectionLimits, course: Decimal, verified: boolean): Limits {
  const { give, receive } = direction;
  const giveMin = giveMinimum(give, receive, course, verified);
  const giveMax = giveMaximum(give, receive, course);
  const ownReceiveMin = verified ? (receive.minVerification ?? receive.min) : receive.min;
  return {
    give: { min: giveMin, max: giveMax },
    receive: {
      min: ownReceiveMin ?? (giveMin === null ? null : receiveFromGive(giveMin, course, receive.decimals)),
      max: receive.max ?? (giveMax === null ? null : receiveFromGive(giveMax, course, receive.decimals)),
    },
  };
}

/** The give amount moved into its bounds; a missing (empty or unreadable) amount becomes the minimum. */
export function giveWithinLimits(give: Decimal | null, bounds: Bounds): Decimal | null {
  const amount = give ?? bounds.min;
  return amount === null ? null : clamp(amount, bounds);
}
