// Form errors as every form machine holds them (the calculator's too): a code the view translates, or the
// server's own message (already in the interface language, because the API answers in the caller's locale), as
// src/api/errors.ts maps a failed call's body. One view hook words them all (src/components/ui/formErrorText.ts).
import type { CallError } from '../src/api/errors.ts';
import { emailProblem, type EmailProblem } from '../src/domain/email.ts';
import type { ImageFileProblem } from '../src/domain/imageFile.ts';
import { brokenPasswordRules, type PasswordRuleCode } from '../src/domain/passwordRules.ts';
import type { RequisiteCheck, RequisiteProblem } from '../src/domain/requisites.ts';

/** Codes of the checks the form machines make themselves (the view words them, some with the form's wording). */
export type FormErrorCode =
  | 'required'
  | 'invalid'
  /** An address breaking one rule of src/domain/email.ts: the view names the rule and the fix. */
  | EmailProblem
  | 'mismatch'
  | 'agreement_required'
  | 'rules_and_aml_required'
  | 'password_same_as_current'
  | 'card_characters'
  | 'card_length'
  | 'card_checksum'
  | 'amount_not_number'
  | 'amount_invalid'
  | 'amount_above_balance'
  | 'amount_below_minimum'
  | 'requisites_required'
  | 'below_min'
  | 'above_max'
  | 'above_reserve'
  /** A file the image rule refuses (src/domain/imageFile.ts), on either upload. */
  | ImageFileProblem
  /** The card verification asked for does not exist, and the server sent no message saying so. */
  | 'verification_not_found';

export type FormError =
  | { code: FormErrorCode }
  | CallError
  /** A requisite breaking one of its rules (src/domain/requisites.ts); the view words it from the value. */
  | { code: 'requisite'; problem: RequisiteProblem; check: RequisiteCheck; value: string }
  /** An amount typed with more decimals than its currency has (src/domain/amountTyping.ts). */
  | { code: 'amount_decimals'; decimals: number }
  /** A new password breaking rules of src/domain/passwordRules.ts: the view names each with its fix, as the server does. */
  | { code: 'password_rules'; broken: PasswordRuleCode[] };

export type FormErrors<Field extends string> = Partial<Record<Field | 'detail', FormError>>;

/** Copy of `errors` without those of `fields` (editing a field clears its error, and the general one on some forms). */
export function withoutError<Field extends string>(errors: FormErrors<Field>, ...fields: string[]): FormErrors<Field> {
  if (!fields.some((field) => field in errors)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field as Field];
  return next;
}

/** Required-field check: each listed field that is blank gets `required`. */
export function requiredErrors<Field extends string>(values: Record<Field, string>, fields: readonly Field[]): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const field of fields) if (values[field].trim() === '') errors[field] = { code: 'required' };
  return errors;
}

/** The e-mail check of every form: required, then the rule of src/domain/email.ts the address breaks. */
export function emailError(value: string): FormError | null {
  if (value.trim() === '') return { code: 'required' };
  const problem = emailProblem(value);
  return problem === null ? null : { code: problem };
}

/**
 * A new password typed twice, beside the form's other checks: the rules a typed password breaks, and a typed
 * confirmation that differs. Empty fields are the form's "required".
 */
export function newPasswordErrors(password: string, confirmation: string): FormErrors<'password' | 'passwordConfirm'> {
  const errors: FormErrors<'password' | 'passwordConfirm'> = {};
  const broken = brokenPasswordRules(password);
  if (password !== '' && broken.length > 0) errors.password = { code: 'password_rules', broken };
  if (confirmation !== '' && password !== confirmation) errors.passwordConfirm = { code: 'mismatch' };
  return errors;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
