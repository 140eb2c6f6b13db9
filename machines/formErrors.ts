// Form errors as the form machines hold them: a code the view translates, or the server's own message
// (already in the interface language, because the API answers in the caller's locale).
import type { ErrorBody } from '../src/api/schemas/common.ts';

export type FormError =
  | { code: 'required' | 'mismatch' | 'agreement_required' | 'unknown' }
  | { code: 'server'; message: string };

export type FormErrors<Field extends string> = Partial<Record<Field | 'detail', FormError>>;

/** A DRF field value is a message or a list of messages; the first one is shown. */
function firstMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

/**
 * Maps a failed call's body onto the form: known fields under their inputs, `detail` above the form.
 * A body that names none of them (a network failure, a 500) still yields a general error.
 */
export function errorsFromBody<Field extends string>(
  body: unknown,
  fields: readonly Field[],
): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const data = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  for (const field of fields) {
    const message = firstMessage(data[field]);
    if (message) errors[field] = { code: 'server', message };
  }
  const detail = firstMessage(data.detail) ?? firstMessage(data.non_field_errors);
  if (detail) errors.detail = { code: 'server', message: detail };
  if (Object.keys(errors).length === 0) errors.detail = { code: 'unknown' };
  return errors;
}

/** Copy of `errors` without the one of `field` (editing a field clears its error). */
export function withoutError<Field extends string>(errors: FormErrors<Field>, field: string): FormErrors<Field> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field as Field];
  return next;
}

/** Required-field check: each listed field that is blank gets `required`. */
export function requiredErrors<Field extends string>(values: Record<Field, string>, fields: readonly Field[]): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const field of fields) if (values[field].trim() === '') errors[field] = { code: 'required' };
  return errors;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
