// One rule for every text a request brings, applied where JSON bodies and query strings enter the server:
// no NUL or other control characters (PostgreSQL cannot store NUL, and none of them belongs in an e-mail, a
// code or a requisite), no lone UTF-16 surrogates (not text at all), and no keys that name JavaScript's object
// machinery. Line breaks and tabs pass only in fields meant for several lines.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { HttpError, type ErrorBody } from './errors.ts';
import type { Text } from '../i18n/text.ts';
import { isApiPath } from './static.ts';
import { addError } from '../shared/errors.ts';

/** Field names whose values may span lines (`addresses`: a list, one a line). */
const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['comment', 'message', 'text', 'reason', 'note', 'addresses']);
/** Keys that reach prototypes when copied around: refused wherever they appear. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A character class of the given code points, e.g. C0 controls (written by number: a linter forbids them raw). */
function codePoints(...ranges: Array<[number, number]>): RegExp {
  const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
  return new RegExp(`[${ranges.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('')}]`);
}

/** C0 controls and DEL. */
const CONTROL = codePoints([0x00, 0x1f], [0x7f, 0x7f]);
/** The same but tab, line feed and carriage return. */
const CONTROL_BUT_LINES = codePoints([0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f], [0x7f, 0x7f]);
/** With the u flag a proper surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Whether `value` is text a field of this name can take. */
export function acceptableText(value: string, field: string | null): boolean {
  if (LONE_SURROGATE.test(value)) return false;
  const control = field !== null && MULTILINE_FIELDS.has(field) ? CONTROL_BUT_LINES : CONTROL;
  return !control.test(value);
}

const BAD_TEXT: Text = /*i18n*/ {
  id: 'http.field.badCharacters',
  message: 'This field contains characters it cannot take (control or broken characters).',
};

function forbiddenKey(key: string): ErrorBody {
  return {
    detail: /*i18n*/ { id: 'http.field.forbiddenName', message: 'Field name "{key}" is not allowed.', values: { key } },
    code: 'forbidden_key',
  };
}

/** Nesting no request of this API needs; deeper bodies are refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * The errors of a parsed JSON body in the wire's shape (docs/architecture.md, "The wire"), or null when every key
 * and text in it is acceptable.
 */
export function inputErrors(data: unknown): ErrorBody | null {
  const errors: ErrorBody = {};
  // Walked with a stack, not recursion: a body of thousands of nested arrays must not exhaust the call stack.
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: data, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!acceptableText(value, path.at(-1) ?? null)) addError(errors, path, BAD_TEXT);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_DEPTH) {
      return { detail: /*i18n*/ { id: 'http.body.tooDeep', message: 'The data is nested too deeply.' } };
    }
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (FORBIDDEN_KEYS.has(key)) return forbiddenKey(key);
      if (!acceptableText(key, null)) return { detail: BAD_TEXT };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The errors of a query string's parameters, by parameter name. */
export function queryErrors(params: URLSearchParams): ErrorBody | null {
  const errors: ErrorBody = {};
  for (const [key, value] of params) {
    if (FORBIDDEN_KEYS.has(key)) return forbiddenKey(key);
    if (!acceptableText(key, null)) return { detail: BAD_TEXT };
    if (!acceptableText(value, null)) addError(errors, [key], BAD_TEXT);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '\u0000';
  }
}

/** Refuses an API request whose path (its ids and tokens) or query string breaks the rule, before any route reads it. */
export const refuseBadUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isApiPath(c.req.path)) {
    if (!acceptableText(decodedPath(c.req.path), null)) throw new HttpError(400, { detail: BAD_TEXT });
    if (c.req.url.includes('?')) {
      const errors = queryErrors(new URL(c.req.url).searchParams);
      if (errors) throw new HttpError(400, errors);
    }
  }
  await next();
};
