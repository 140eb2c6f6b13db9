// Form errors as the form machines hold them: a code the view translates, or the server's own message
// (already in the interface language, because the API answers in the caller's locale).
import type { ErrorBody } from '../src/api/schemas/common.ts';
import { emailValid } from '../src/domain/email.ts';

/** Codes of the checks the form machines make themselves, plus the two ways a call fails without a message. */
export type FormErrorCode =
  | 'required'
  | 'email_invalid'
  | 'mismatch'
  | 'agreement_required'
  | 'password_same_as_current'
  | 'card_characters'
  | 'card_length'
  | 'card_checksum'
  | 'amount_invalid'
  | 'amount_above_balance'
  | 'amount_below_minimum'
  | 'requisites_required'
  | 'network_error'
  | 'unknown';

export type FormError = { code: FormErrorCode } | { code: 'server'; message: string };

export type FormErrors<Field extends string> = Partial<Record<Field | 'detail', FormError>>;

/** A DRF field value is a message or a list of messages; the first one is shown. */
function firstMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return firstMessage(value[0]);
  return null;
}

/**
 * Maps a failed call's body onto the form: known fields under their inputs; `detail`, `non_field_errors` and
 * any other key above the form. A body with no message (a network failure, an empty 500) still yields a
 * general error.
 */
export function errorsFromBody<Field extends string>(body: unknown, fields: readonly Field[]): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const data = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const known = new Set<string>(fields);
  for (const field of fields) {
    const message = firstMessage(data[field]);
    if (message) errors[field] = { code: 'server', message };
  }
  const general = firstMessage(data.detail) ?? firstMessage(data.non_field_errors);
  if (general) errors.detail = { code: 'server', message: general };
  for (const [key, value] of Object.entries(data)) {
    if (known.has(key) || key === 'code' || errors.detail) continue;
    const message = firstMessage(value);
    if (message) errors.detail = { code: 'server', message };
  }
  if (Object.keys(errors).length === 0) errors.detail = { code: data.code === 'network_error' ? 'network_error' : 'unknown' };
  return errors;
}

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

/** The e-mail check of a form that creates or recovers an account: required, then the shared rule of src/domain/email.ts. */
export function emailError(value: string): FormError | null {
  if (value.trim() === '') return { code: 'required' };
  return emailValid(value) ? null : { code: 'email_invalid' };
}

/** The `code` of a failed call's error body (e.g. network_error), or `fallback` when it has none. */
export function failureCodeOf(error: unknown, fallback = 'unknown'): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : fallback;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
