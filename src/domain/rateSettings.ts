// The operator's settings of a direction that follows a formula, checked alike by the CLI and the console:
// the course's decimal places and the largest move applied without the operator.

/** Longest formula text accepted (the parser refuses longer ones too). */
export const MAX_FORMULA_TEXT = 500;

/** Decimal places of a formula's course: a whole number 0 to 18. */
export function isRoundDecimals(text: string): boolean {
  return /^\d{1,2}$/.test(text) && Number(text) <= 18;
}

/** A positive percent with at most three whole digits and four decimals (5, 2.5, 0.25). */
export function isMaxStepPercent(text: string): boolean {
  return /^\d{1,3}(\.\d{1,4})?$/.test(text) && /[1-9]/.test(text);
}
