// Failed sign-ins counted in PostgreSQL under three keys, so that neither one address nor many can guess:
// - one address and one account: 5 failures per 15 min, then 429 until the window ends;
// - one address over all accounts: 30 failures per 15 min (spraying one password over many accounts);
// - one account over all addresses: 10 failures per hour are free, then each attempt waits twice as long as the
//   one before (1 s, 2 s, 4 s ... at most 15 min). The wait is a delay, never a lockout, and when captcha is
//   configured a solved captcha (asked on every sign-in then) replaces it, so an attacker cannot lock the owner out.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { windowStart } from '../services/rateLimitWindows.ts';

interface Rule {
  name: string;
  seconds: number;
  allowed: number;
}

const PER_ADDRESS_AND_ACCOUNT: Rule = { name: 'login-ip-account', seconds: 15 * 60, allowed: 5 };
const PER_ADDRESS: Rule = { name: 'login-ip', seconds: 15 * 60, allowed: 30 };
const PER_ACCOUNT: Rule = { name: 'login-account', seconds: 60 * 60, allowed: 10 };
/** The per-account delay stops doubling here. */
export const MAX_ACCOUNT_DELAY_SECONDS = 15 * 60;

function buckets(ip: string, email: string): Array<{ rule: Rule; bucket: string }> {
  return [
    { rule: PER_ADDRESS_AND_ACCOUNT, bucket: `${PER_ADDRESS_AND_ACCOUNT.name}|${ip}|${email}` },
    { rule: PER_ADDRESS, bucket: `${PER_ADDRESS.name}|${ip}` },
    { rule: PER_ACCOUNT, bucket: `${PER_ACCOUNT.name}|${email}` },
  ];
}

/** Seconds the account must wait after `failures` failures, counted from the last one. */
export function accountDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_SECONDS, 2 ** (failures - free));
}

export interface ThrottleOptions {
  /** Multiplies every allowance; 0 turns the throttle off (load benchmarks). */
  scale: number;
  /** A captcha is checked on every sign-in: it stands in for the per-account delay. */
  captcha: boolean;
}

/** Seconds to wait before another attempt, or 0 when one is allowed: one SELECT over the three buckets. */
export async function loginRetryAfter(db: Db, ip: string, email: string, options: ThrottleOptions): Promise<number> {
  if (options.scale === 0) return 0;
  const keys = buckets(ip, email);
  const matches = keys.map(({ rule, bucket }) => sql`(bucket = ${bucket} and window_start = ${windowStart(rule.seconds)})`);
  const result = await db.execute<{ bucket: string; hits: number; age: number; resets_in: number }>(sql`
    select bucket, hits, extract(epoch from now() - last_at)::float8 as age,
           extract(epoch from window_start - now())::float8 as resets_in
    from rate_limit_hits where ${sql.join(matches, sql` or `)}`);
  let wait = 0;
  for (const row of result.rows) {
    const key = keys.find((entry) => entry.bucket === row.bucket)!;
    const allowed = Math.max(1, Math.round(key.rule.allowed * options.scale));
    const hits = Number(row.hits);
    if (key.rule === PER_ACCOUNT) {
      if (options.captcha) continue;
      wait = Math.max(wait, accountDelaySeconds(hits, allowed) - Number(row.age));
    } else if (hits >= allowed) {
      wait = Math.max(wait, Number(row.resets_in) + key.rule.seconds);
    }
  }
  return wait > 0 ? Math.ceil(wait) : 0;
}

/** Counts a failure under all three keys: one INSERT. */
export async function recordLoginFailure(db: Db, ip: string, email: string): Promise<void> {
  const rows = buckets(ip, email).map(({ rule, bucket }) => sql`(${bucket}, ${windowStart(rule.seconds)}, 1)`);
  await db.execute(sql`
    insert into rate_limit_hits (bucket, window_start, hits) values ${sql.join(rows, sql`, `)}
    on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1, last_at = now()`);
}

/** A correct password ends the account's and this address's count for it (the per-address total stays). */
export async function clearLoginFailures(db: Db, ip: string, email: string): Promise<void> {
  const [pair, , account] = buckets(ip, email);
  await db.execute(sql`delete from rate_limit_hits where bucket in (${pair!.bucket}, ${account!.bucket})`);
}
