// What a log line may never carry: card numbers, passwords, tokens (bearer, JWT, refresh and mail tokens, TOTP
// secrets), mail links and full e-mail addresses. Two layers: fields whose name says "secret" lose their value
// before the line is written (redactFields), and every written line goes through redactLine, which masks what
// looks like one of those wherever it stands (a message, an error text, a stack).

import { luhnValid } from '../../src/domain/requisites.ts';

export interface RedactionPolicy {
  /** Mail links stay readable (the demo logs them so that a local user can follow them). */
  mailLinks: boolean;
}

const MASK = '[redacted]';

/** Field names whose values are never logged, whatever they hold. */
const SECRET_FIELD =
  /pass(word|wd)?|secret|token|authorization|cookie|totp|^otp$|^code$|refresh|^access|api[-_]?key|card|requisites|^pan$/i;

/** Copies `value` with every secret-named field masked (nested objects and arrays too). */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  if (value instanceof Error || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_FIELD.test(key) ? MASK : redactFields(item, depth + 1);
  }
  return copy;
}

/**
 * Masks card numbers in a run of digits with single spaces or dashes between them: any stretch of whole groups
 * holding 13 to 19 digits that passes Luhn (so a card written next to another number is still found). The last
 * four digits stay, as on a receipt.
 */
function maskCards(run: string): string {
  const groups = [...run.matchAll(/\d+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, digits: match[0] }));
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last]!.digits;
      if (digits.length > 19) break;
      if (digits.length >= 13 && luhnValid(digits)) {
        const before = run.slice(0, groups[first]!.start);
        return `${before}[card ****${digits.slice(-4)}]${maskCards(run.slice(groups[last]!.end))}`;
      }
    }
  }
  return run;
}

function maskEmail(local: string, at: string, domain: string): string {
  return `${local.slice(0, 1)}***${at}${domain}`;
}

const EMAIL = /([\w.+%-]+)(@|%40)([\w-]+(?:\.[\w-]+)+)/g;

/** A run of URL-safe characters long and mixed enough to be a key or a token rather than a word or a number. */
function looksLikeToken(text: string): boolean {
  if (text.length < 16) return false;
  if (/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(text)) return false; // a claim's uuid
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(text)).length;
  return classes >= 2 && !/^\d+$/.test(text);
}

const SECRET_PARAM = /^(token|code|key|secret|password|pass|otp|totp|access_token|refresh_token|signature|sig)$/i;

/** A link: its query values named like secrets and its token-like path segments are masked (a mail link too). */
function maskUrl(url: string, policy: RedactionPolicy): string {
  const masked = url.replace(EMAIL, (_, local: string, at: string, domain: string) => maskEmail(local, at, domain));
  if (policy.mailLinks) return masked;
  const [beforeQuery, query] = masked.split(/\?(.*)/s, 2) as [string, string | undefined];
  const hostEnd = beforeQuery.indexOf('/', beforeQuery.indexOf('//') + 2);
  const path =
    hostEnd < 0
      ? beforeQuery
      : beforeQuery.slice(0, hostEnd) +
        beforeQuery
          .slice(hostEnd)
          .replace(/[^/]+/g, (segment) => (looksLikeToken(decodeURIComponentSafe(segment)) ? MASK : segment));
  if (query === undefined) return path;
  const params = query.replace(/([^&=#]+)=([^&#]*)/g, (pair, name: string, value: string) =>
    SECRET_PARAM.test(name) || looksLikeToken(decodeURIComponentSafe(value)) ? `${name}=${MASK}` : pair,
  );
  return `${path}?${params}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const PATTERNS = [
  /(?<url>https?:\/\/[^\s"'<>\\]+)/.source,
  /(?<jwt>eyJ[\w-]+\.[\w-]+\.[\w-]*)/.source,
  /(?<scheme>\b(?:Bearer|Basic|Token)\s+)(?<credential>[\w.~+/=-]+)/.source,
  /(?<named>\b(?:password|passwd|secret|token|api[-_]?key)\w*(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?)(?<value>[^\s"'\\&,;]+)/
    .source,
  /(?<email>[\w.+%-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+)/.source,
  /(?<![\w.,])(?<digits>\d(?:[ -]?\d){12,})(?![\w])/.source,
  /(?<![\w-])(?<word>[\w-]{32,})(?![\w-])/.source,
];
const ANYTHING_SECRET = new RegExp(PATTERNS.join('|'), 'gi');

/** The text with everything that looks like a card number, an e-mail, a token or a secret link masked. */
export function redactLine(text: string, policy: RedactionPolicy): string {
  return text.replace(ANYTHING_SECRET, (match: string, ...rest: unknown[]) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    if (groups.url !== undefined) return maskUrl(groups.url, policy);
    if (groups.jwt !== undefined) return MASK;
    if (groups.credential !== undefined) return `${groups.scheme}${MASK}`;
    if (groups.value !== undefined) return `${groups.named}${MASK}`;
    if (groups.email !== undefined)
      return groups.email.replace(EMAIL, (_, local: string, at: string, domain: string) => maskEmail(local, at, domain));
    if (groups.digits !== undefined) return maskCards(groups.digits);
    if (groups.word !== undefined) return looksLikeToken(groups.word) ? MASK : match;
    return match;
  });
}

const ERROR_FIELDS = ['code', 'constraint', 'table', 'column', 'severity', 'routine'] as const;

/** PostgreSQL repeats a refused value in some messages ('invalid input syntax for type uuid: "…"'): drop it. */
function withoutQuotedValue(message: string): string {
  return message.replace(/^(invalid input (?:syntax|value) for [^:]*): .*$/s, '$1');
}

/**
 * An error as a log field: its class, message, stack frames, the database's code and constraint, its causes.
 * A failed query keeps its SQL text (placeholders only) and never its bound parameters; PostgreSQL's `detail`
 * (which repeats row values) is left out.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const query = (error as { query?: unknown }).query;
  const failedQuery = typeof query === 'string' && 'params' in error;
  const fields: Record<string, unknown> = {
    type: error.constructor.name === 'Object' || !error.constructor.name ? error.name : error.constructor.name,
    message: failedQuery ? 'Failed query' : withoutQuotedValue(error.message),
  };
  if (failedQuery) fields.query = query;
  for (const name of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[name];
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) fields.stack = frames.map((line) => line.trim());
  if (depth < 3 && error.cause !== undefined) fields.cause = serializeError(error.cause, depth + 1);
  if (depth < 3 && error instanceof AggregateError)
    fields.errors = error.errors.slice(0, 5).map((item: unknown) => serializeError(item, depth + 1));
  return fields;
}
