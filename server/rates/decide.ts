// What one refresh does to one direction on a formula, decided from its current state and the quotes at hand:
// pause on stale or missing inputs, resume on fresh ones, write a new course, or hold for the operator a jump
// beyond the direction's step (or the default step) or a drift beyond the limit from the slower reference (the
// course an hour ago): the previous course stays and the direction is paused until the operator answers or the
// market comes back. Pure: the job applies the answer.
import Big from 'big.js';
import { evaluateFormula, FormulaError, parseFormula, priceKey, priceReferences, roundCourse } from './formula.ts';

export interface FormulaDirection {
  directionId: number;
  course: string;
  verificationCourse: string | null;
  paused: boolean;
  courseFormula: string;
  verifiedFormula: string | null;
  roundDecimals: number | null;
  maxStepPercent: string | null;
  heldCourse: string | null;
  heldVerifiedCourse: string | null;
  /** The slower reference: the course as it was a drift window ago (or since the operator last set or accepted one). */
  referenceCourse: string | null;
}

/** The guards every formula gets: the step when it sets none, and the drift from the slower reference. */
export interface Guards {
  maxAgeSeconds: number;
  defaultMaxStepPercent: string;
  maxDriftPercent: string;
}

export interface Quote {
  price: string;
  fetchedAt: Date;
}

/** The computed courses and the prices they came from ("source:SYMBOL" → price). */
export interface Computed {
  course: string;
  /** Undefined: the direction has no verified formula and its verified course is left as it is. */
  verificationCourse: string | undefined;
  inputs: Record<string, string>;
}

export type Decision =
  /** Nothing to write (already paused on stale inputs, or the course did not move and nothing was held). */
  | { kind: 'none' }
  | { kind: 'pause'; reason: string }
  /** A new course (or the same one with a hold to drop, or a pause to end). */
  | { kind: 'write'; computed: Computed; changed: boolean; resume: boolean; dropHold: boolean }
  /** Beyond a guard: `startsHold` when nothing was held before (the operator is told once); `why` in words. */
  | { kind: 'hold'; computed: Computed; stepPercent: string; startsHold: boolean; why: string };

/** The formulas' inputs, or the reasons they cannot be used (missing or older than maxAgeSeconds). */
function gatherInputs(
  keys: string[],
  quotes: Map<string, Quote>,
  now: Date,
  maxAgeSeconds: number,
): { inputs: Record<string, string>; stale: string[] } {
  const inputs: Record<string, string> = {};
  const stale: string[] = [];
  const oldest = now.getTime() - maxAgeSeconds * 1000;
  for (const key of keys) {
    const quote = quotes.get(key);
    if (!quote) stale.push(`${key} has no price yet`);
    else if (quote.fetchedAt.getTime() < oldest) stale.push(`${key} last fetched ${quote.fetchedAt.toISOString()}`);
    else inputs[key] = quote.price;
  }
  return { inputs, stale };
}

/** Percent the course moves from `from` to `to` (absolute value). */
export function stepPercent(from: string, to: string): string {
  const previous = new Big(from);
  if (previous.eq('0')) return '100';
  return new Big(to).minus(previous).abs().times('100').div(previous).round(4, Big.roundUp).toFixed();
}

/** Computes a formula over the gathered inputs, rounded; a result that is not positive is refused. */
function computeOne(formula: string, inputs: Record<string, string>, roundDecimals: number | null): string {
  const tree = parseFormula(formula);
  const value = roundCourse(
    evaluateFormula(tree, (source, symbol) => inputs[priceKey({ source, symbol })]),
    roundDecimals,
  );
  if (!new Big(value).gt('0'))
    throw new FormulaError('not_positive', 0, `the formula gives ${value}, not a positive course`);
  return value;
}

export function decide(
  direction: FormulaDirection,
  quotes: Map<string, Quote>,
  now: Date,
  { maxAgeSeconds, defaultMaxStepPercent, maxDriftPercent }: Guards,
): Decision {
  const pauseUnlessPaused = (reason: string): Decision =>
    direction.paused ? { kind: 'none' } : { kind: 'pause', reason };
  let computed: Computed;
  try {
    const formulas = [direction.courseFormula, direction.verifiedFormula].filter(
      (text): text is string => text !== null,
    );
    const keys = [...new Set(formulas.flatMap((text) => priceReferences(parseFormula(text)).map(priceKey)))];
    const { inputs, stale } = gatherInputs(keys, quotes, now, maxAgeSeconds);
    if (stale.length > 0) return pauseUnlessPaused(`stale inputs (older than ${maxAgeSeconds} s): ${stale.join('; ')}`);
    computed = {
      course: computeOne(direction.courseFormula, inputs, direction.roundDecimals),
      verificationCourse:
        direction.verifiedFormula === null
          ? undefined
          : computeOne(direction.verifiedFormula, inputs, direction.roundDecimals),
      inputs,
    };
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    return pauseUnlessPaused(`the formula cannot be computed: ${error.message}`);
  }

  const same = (a: string | null, b: string | undefined) => b === undefined || (a !== null && new Big(a).eq(b));
  const changed =
    !same(direction.course, computed.course) || !same(direction.verificationCourse, computed.verificationCourse);
  const hasHold = direction.heldCourse !== null;
  if (!changed) {
    if (!direction.paused && !hasHold) return { kind: 'none' };
    return { kind: 'write', computed, changed: false, resume: direction.paused, dropHold: hasHold };
  }
  const steps = [stepPercent(direction.course, computed.course)];
  if (computed.verificationCourse !== undefined && direction.verificationCourse !== null)
    steps.push(stepPercent(direction.verificationCourse, computed.verificationCourse));
  const step = steps.reduce((a, b) => (new Big(a).gte(b) ? a : b));
  const maxStep = direction.maxStepPercent ?? defaultMaxStepPercent;
  if (new Big(step).gt(maxStep))
    return { kind: 'hold', computed, stepPercent: step, startsHold: !hasHold, why: `moves ${step} %, more than ${maxStep} %` };
  if (direction.referenceCourse !== null) {
    const drift = stepPercent(direction.referenceCourse, computed.course);
    if (new Big(drift).gt(maxDriftPercent))
      return {
        kind: 'hold',
        computed,
        stepPercent: drift,
        startsHold: !hasHold,
        why: `drifts ${drift} % from ${direction.referenceCourse}, the reference course, more than ${maxDriftPercent} %`,
      };
  }
  return { kind: 'write', computed, changed: true, resume: direction.paused, dropHold: hasHold };
}
