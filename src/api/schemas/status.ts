// GET /api/v1/status/: per direction, whether it is offered now and, when not, why (a code the page words).
import * as z from 'zod/mini';
import { currency } from './calculator.ts';
import { isoDateTime } from './common.ts';

export const PAUSE_REASONS = [
  /** The whole site is under maintenance. */
  'maintenance',
  /** The market prices its course follows are out of date (it resumes by itself). */
  'stale_rates',
  /** The market moved more than allowed in one step: an operator checks the new course. */
  'jump_held',
  /** Nothing left in the reserve to pay out. */
  'no_reserve',
  /** Its limits leave no amount that could be exchanged. */
  'limits',
  /** Its published course is being checked against what a claim would get. */
  'checking',
] as const;

export const pauseReason = z.enum(PAUSE_REASONS);
export type PauseReason = z.infer<typeof pauseReason>;

export const directionStatus = z.object({
  from: currency,
  to: currency,
  offered: z.boolean(),
  /** Null while offered. */
  reason: z.nullable(pauseReason),
  /** When its course last changed. */
  courseChangedAt: isoDateTime,
});
export type DirectionStatus = z.infer<typeof directionStatus>;

export const statusResponse = z.object({
  directions: z.array(directionStatus),
});
export type StatusResponse = z.infer<typeof statusResponse>;
