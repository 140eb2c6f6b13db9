// Limits every pooled connection starts with, so a network partition or a stuck lock fails fast instead of holding
// a connection (and the request on it) for minutes until the pool runs dry. Sent in the startup packet: they cost
// no round trip. Each is an env variable in seconds (0 turns it off), documented in README and .env.example.
type Env = Record<string, string | undefined>;

export interface ConnectionTimeouts {
  /** A single statement may run this long (PostgreSQL's statement_timeout). */
  statementMs: number;
  /** A statement waits this long for a lock (lock_timeout); an advisory lock wait counts too. */
  lockMs: number;
  /** A transaction left open without a statement is ended after this (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** TCP keepalive probes start after this much silence; a dead peer is noticed ~10 s later. 0: no keepalive. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ConnectionTimeouts = {
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
  keepAliveMs: 10_000,
};

function seconds(env: Env, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds ≥ 0, got "${raw}"`);
  return Math.round(value * 1000);
}

export function timeoutsFromEnv(env: Env = process.env): ConnectionTimeouts {
  return {
    statementMs: seconds(env, 'DB_STATEMENT_TIMEOUT_SECONDS', DEFAULT_TIMEOUTS.statementMs),
    lockMs: seconds(env, 'DB_LOCK_TIMEOUT_SECONDS', DEFAULT_TIMEOUTS.lockMs),
    idleInTransactionMs: seconds(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS', DEFAULT_TIMEOUTS.idleInTransactionMs),
    keepAliveMs: seconds(env, 'DB_KEEPALIVE_SECONDS', DEFAULT_TIMEOUTS.keepAliveMs),
  };
}

/** The node-postgres client options that apply `timeouts` (0 leaves PostgreSQL's own default: no limit). */
export function timeoutOptions(timeouts: ConnectionTimeouts) {
  return {
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: timeouts.keepAliveMs > 0,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
  };
}
