// Turns a DRF-shaped error body (`{field: ["message"]}`, `{detail: "message"}`) into one message per
// known field: array values give their first item; anything unknown lands in `detail`.
import type { ErrorBody } from '../src/api/schemas/common.ts';

/** A field error is either a code the view translates, or a server message shown as it is. */
export type FieldError = { code: string } | { message: string };

export type FieldErrors<F extends string> = Partial<Record<F | 'detail', FieldError>>;

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return firstText(value[0]);
  return null;
}

export function serverFieldErrors<F extends string>(body: ErrorBody | undefined, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  const known = new Set<string>(fields);
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key === 'code') continue;
    const text = firstText(value);
    if (text === null) continue;
    const field = known.has(key) ? (key as F) : 'detail';
    errors[field] ??= { message: text };
  }
  if (Object.keys(errors).length === 0) errors.detail = { code: body?.code ?? 'unknown_error' };
  return errors;
}

/** Removes the error of the edited field and the general one: the user is acting on them. */
export function clearFieldError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  const next = { ...errors };
  delete next[field];
  delete next.detail;
  return next;
}
