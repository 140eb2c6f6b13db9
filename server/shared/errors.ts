// What a service refuses, and why, without knowing HTTP: services throw DomainError; the one HTTP mapping
// (server/http/errors.ts, onError) turns each kind into its status and the DRF body, translating the body's Texts
// (server/i18n/text.ts) into the request's language there.
import { isText, type Text } from '../i18n/text.ts';

/** What a refusal says: a Text (a code with its English wording), translated at the edge. */
export type Message = Text | string;

/** A DRF-shaped body: `{field: [Message]}` (nested for requisites) and/or `{detail, code}`. */
export type ErrorBody = Record<string, unknown>;

export type RefusalKind =
  /** The request breaks a rule of its fields (400 with field errors, or a `detail`). */
  | 'invalid'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** There is no such thing for this caller (404). */
  | 'not_found'
  /** What the request relied on has changed meanwhile (409). */
  | 'conflict'
  /** The request is well-formed but contradicts an earlier one (422). */
  | 'unprocessable'
  /** The service cannot do it now; retrying later may work (503). */
  | 'unavailable'
  /** The caller tried too often and must wait `retryAfterSeconds` (429). */
  | 'throttled';

export class DomainError extends Error {
  readonly kind: RefusalKind;
  readonly body: ErrorBody;
  /** How long the caller should wait before trying again, when that is known. */
  readonly retryAfterSeconds?: number;

  constructor(kind: RefusalKind, body: ErrorBody, retryAfterSeconds?: number) {
    super(typeof body.detail === 'string' ? body.detail : isText(body.detail) ? body.detail.id : kind);
    this.kind = kind;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'DomainError';
  }
}

/** Refuses with one message about the whole request (`{detail, code?}`). */
export function refuse(kind: RefusalKind, detail: Message, code?: string): never {
  throw new DomainError(kind, code ? { detail, code } : { detail });
}

/** Refuses with messages under the fields that break a rule. */
export function refuseFields(errors: ErrorBody): never {
  throw new DomainError('invalid', errors);
}

export function hasFieldErrors(errors: ErrorBody): boolean {
  return Object.keys(errors).length > 0;
}

/** Adds `message` under a (possibly nested) path of an error body. */
export function addError(errors: ErrorBody, path: PropertyKey[], message: Message): void {
  if (path.length === 0) {
    if (errors.detail === undefined) errors.detail = message;
    return;
  }
  let node: Record<string, unknown> = errors;
  for (const key of path.slice(0, -1)) {
    const name = String(key);
    const next = Object.hasOwn(node, name) ? node[name] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) setOwn(node, name, {});
    node = node[name] as Record<string, unknown>;
  }
  const last = String(path[path.length - 1]);
  const existing = Object.hasOwn(node, last) ? node[last] : undefined;
  if (Array.isArray(existing)) {
    if (!existing.some((earlier) => sameMessage(earlier, message))) existing.push(message);
  } else setOwn(node, last, [message]);
}

/** A plain own property even for a key like "__proto__" (an assignment would set the prototype instead). */
function setOwn(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

function sameMessage(a: unknown, b: Message): boolean {
  if (isText(a) && isText(b)) return a.id === b.id && JSON.stringify(a.values) === JSON.stringify(b.values);
  return a === b;
}
