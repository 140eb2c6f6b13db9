// A failed call as the DRF-shaped error body the machines read (`{detail, field: [..], code}`), and the one mapper
// from such a body to what a form shows. It recognises ky's HTTPError by shape and imports nothing else, so the
// machines may use it and modules that only read errors do not pull the HTTP client into their bundle.
import type { ErrorBody } from './schemas/common.ts';

interface HttpFailure {
  name: 'HTTPError';
  response: Response;
  /** ky 2 has already read the body into `data` (the response body itself is consumed). */
  data?: unknown;
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** Reads the error body of a failed call, or a generic network error. */
export async function errorBody(error: unknown): Promise<ErrorBody> {
  if (isHttpFailure(error)) {
    if (error.data && typeof error.data === 'object') return error.data as ErrorBody;
    // No message of the server's own: the status text is English (or empty on HTTP/2), so the form words the
    // failure in the reader's language from the code instead.
    return { code: `http_${error.response.status}` };
  }
  return { code: 'network_error' };
}

/** Runs a call; a failure is re-thrown as its error body, which is what the machines read. */
export async function withErrorBody<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await errorBody(error);
  }
}

/** What a form shows for a failed call: the server's own message (already in the interface language), or why there is none. */
export type CallError = { code: 'server'; message: string } | { code: 'network_error' | 'unknown' };

/** A DRF field value is a message or a list of messages (lists may nest); the first one is shown. */
export function firstMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return firstMessage(value[0]);
  return null;
}

function bodyOf(value: unknown): ErrorBody {
  return (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as ErrorBody;
}

/** The `code` of a failed call's body (e.g. network_error, http_404), or `fallback` when it has none. */
export function failureCodeOf(body: unknown, fallback = 'unknown'): string {
  const code = bodyOf(body).code;
  return typeof code === 'string' ? code : fallback;
}

/**
 * Maps a failed call's body onto a form. Every message is placed under a key: `detail` and `non_field_errors`
 * under `detail`; a field's under its name, a nested object's under dotted names (`toRequisites.card`). With
 * `fields`, a form that has no input for a key shows its message as the general `detail` instead (the first such
 * one, after `detail` and `non_field_errors`). `code` names the error and is no message, nor are the `ignored`
 * keys. A body with no message at all (a network failure, an empty 500) still gives a general error.
 */
export function errorsFromBody<Field extends string>(
  body: unknown,
  fields?: readonly Field[],
  ignored: readonly string[] = [],
): Partial<Record<Field | 'detail', CallError>> {
  const data = bodyOf(body);
  const errors: Partial<Record<string, CallError>> = {};
  const known = fields ? new Set<string>(fields) : null;
  const strays: string[] = [];
  const place = (key: string, value: unknown) => {
    const message = firstMessage(value);
    if (message !== null) {
      if (known && !known.has(key)) strays.push(message);
      else errors[key] ??= { code: 'server', message };
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) place(`${key}.${inner}`, innerValue);
    }
  };
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'detail' && key !== 'non_field_errors' && key !== 'code' && !ignored.includes(key)) place(key, value);
  }
  const general = firstMessage(data.detail) ?? firstMessage(data.non_field_errors) ?? strays[0] ?? null;
  if (general !== null) errors.detail = { code: 'server', message: general };
  if (Object.keys(errors).length === 0) errors.detail = { code: data.code === 'network_error' ? 'network_error' : 'unknown' };
  return errors as Partial<Record<Field | 'detail', CallError>>;
}

/** The one error of a failed call for a place that has no fields to show it under (a page, a dialog). */
export function generalError(body: unknown): CallError {
  // With no fields every message is general, and a body without one still gives a general error.
  return errorsFromBody(body, []).detail as CallError;
}

/** The message of `generalError`, when the server sent one. */
export function generalMessage(body: unknown): string | null {
  const error = generalError(body);
  return error.code === 'server' ? error.message : null;
}
