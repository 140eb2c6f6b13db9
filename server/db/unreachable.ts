// Tells "PostgreSQL cannot be reached right now" (refused, dropped, shutting down, starting up, out of
// connections) apart from every other failure: those requests answer 503 with Retry-After instead of 500.

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
// admin/crash shutdown, cannot connect now, too many connections; class 08 is every connection exception.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const DRIVER_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i];

/** True when `error` (or an error it wraps, e.g. Drizzle's query error) says the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
      return true;
    // A stopped cluster reached by its Unix socket (the embedded one) has removed the socket's file.
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    const { message } = current;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachable)) return true;
    current = current.cause;
  }
  return false;
}
