// Wire shapes of the console's live-rates screen (/ops-api/v1/rates/): directions on a formula with their state,
// the guard's recent events, a formula set or removed, a held jump accepted or rejected.
import * as z from 'zod/mini';
import { isMaxStepPercent, isRoundDecimals, MAX_FORMULA_TEXT } from '../../domain/rateSettings.ts';

const formulaText = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FORMULA_TEXT));

export const opsFormulaUpdate = z.strictObject({
  course: formulaText,
  /** Null: the verified course is not on a formula (it stays as typed). */
  verified: z.nullable(formulaText),
  /** Decimal places of the course, "0" to "18"; null: 12 significant digits. */
  roundDecimals: z.nullable(z.string().check(z.refine(isRoundDecimals, { error: 'invalid_round_decimals' }))),
  /** Largest move in percent applied without the operator; null: no limit. */
  maxStepPercent: z.nullable(z.string().check(z.refine(isMaxStepPercent, { error: 'invalid_max_step' }))),
});
export type OpsFormulaUpdate = z.infer<typeof opsFormulaUpdate>;

export const OPS_HELD_ANSWERS = ['accept', 'reject'] as const;
export const opsHeldDecision = z.strictObject({ answer: z.enum(OPS_HELD_ANSWERS) });
export type OpsHeldAnswer = (typeof OPS_HELD_ANSWERS)[number];

export interface OpsRateFeed {
  directionId: number;
  fromCode: string;
  toCode: string;
  course: string;
  verificationCourse: string | null;
  /** Paused by the guard: its inputs are older than the allowed age. */
  paused: boolean;
  courseFormula: string;
  verifiedFormula: string | null;
  roundDecimals: number | null;
  maxStepPercent: string | null;
  /** A move beyond the max step, waiting for the operator. */
  heldCourse: string | null;
  heldVerifiedCourse: string | null;
  heldAt: string | null;
  updatedAt: string;
}

export interface OpsRateEvent {
  id: number;
  fromCode: string;
  toCode: string;
  /** formula_set, formula_removed, paused, resumed, held, accepted, rejected. */
  kind: string;
  course: string | null;
  at: string;
}

export interface OpsRates {
  feeds: OpsRateFeed[];
  events: OpsRateEvent[];
}
