// Sign-in attempts counted in PostgreSQL under three keys, so that neither one address nor many can guess:
// - one address and one account: 5 attempts per 15 min, then 429 until the window ends;
// - one address over all accounts: 30 attempts per 15 min (spraying one password over many accounts);
// - one account over all addresses: 10 failures per hour are free, then each attempt waits twice as long as the
//   one before (1 s, 2 s, 4 s ... at most 15 min). The wait is a delay, never a lockout, and when captcha is
//   configured a solved captcha (asked on every sign-in then) replaces it, so an attacker cannot lock the owner out.
// An attempt is counted BEFORE the password is checked, by the statement that decides whether it may go on, so
// parallel guesses cannot all pass one check before any of them is counted; a correct password then takes its
// own attempt back. Site users and operators count in separate buckets (a site account with an operator's e-mail
// is another person).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { windowStart } from '../shared/rateLimitWindows.ts';

interface Rule {
  name: string;
  seconds: number;
  allowed: number;
}

/** Whose sign-in: the site's users or the back office's operators. */
export type LoginRealm = 'site' | 'ops';

const PER_ADDRESS_AND_ACCOUNT: Rule = { name: 'login-ip-account', seconds: 15 * 60, allowed: 5 };
const PER_ADDRESS: Rule = { name: 'login-ip', seconds: 15 * 60, allowed: 30 };
const PER_ACCOUNT: Rule = { name: 'login-account', seconds: 60 * 60, allowed: 10 };
/** The per-account delay stops doubling here. */
export const MAX_ACCOUNT_DELAY_SECONDS = 15 * 60;

function bucketOf(rule: Rule, realm: LoginRealm, ...parts: string[]): string {
  return [realm === 'ops' ? `ops-${rule.name}` : rule.name, ...parts].join('|');
}

function buckets(realm: LoginRealm, ip: string, email: string) {
  return {
    pair: bucketOf(PER_ADDRESS_AND_ACCOUNT, realm, ip, email),
    address: bucketOf(PER_ADDRESS, realm, ip),
    account: bucketOf(PER_ACCOUNT, realm, email),
  };
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
  realm: LoginRealm;
}

const allowedOf = (rule: Rule, scale: number) => Math.max(1, Math.round(rule.allowed * scale));

/**
 * Takes one sign-in attempt: answers 0 when it may go on (it is counted already), else the seconds to wait.
 * The address buckets count every attempt in one INSERT that answers the counts it made; the account's delay
 * is one conditional UPDATE that counts the attempt only when the wait since the last one has passed.
 */
export async function takeLoginAttempt(db: Db, ip: string, email: string, options: ThrottleOptions): Promise<number> {
  if (options.scale === 0) return 0;
  const { pair, address, account } = buckets(options.realm, ip, email);
  const counted = await db.execute<{ bucket: string; hits: number; resets_in: number }>(sql`
    insert into rate_limit_hits (bucket, window_start, hits)
    values (${pair}, ${windowStart(PER_ADDRESS_AND_ACCOUNT.seconds)}, 1), (${address}, ${windowStart(PER_ADDRESS.seconds)}, 1)
    on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1, last_at = now()
    returning bucket, hits, extract(epoch from window_start - now())::float8 as resets_in`);
  let wait = 0;
  for (const row of counted.rows) {
    const rule = row.bucket === pair ? PER_ADDRESS_AND_ACCOUNT : PER_ADDRESS;
    if (Number(row.hits) > allowedOf(rule, options.scale))
      wait = Math.max(wait, Number(row.resets_in) + rule.seconds);
  }
  if (wait > 0) return Math.ceil(wait);
  if (options.captcha) return 0;
  const free = allowedOf(PER_ACCOUNT, options.scale);
  const delay = sql`least(${MAX_ACCOUNT_DELAY_SECONDS}::int, power(2, rate_limit_hits.hits - ${free}::int))`;
  const taken = await db.execute<{ taken: boolean; wait: number | null }>(sql`
    with taken as (
      insert into rate_limit_hits (bucket, window_start, hits) values (${account}, ${windowStart(PER_ACCOUNT.seconds)}, 1)
      on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1, last_at = now()
      where rate_limit_hits.hits < ${free}::int or now() - rate_limit_hits.last_at >= make_interval(secs => ${delay})
      returning 1
    )
    select exists (select 1 from taken) as taken,
      (select extract(epoch from last_at + make_interval(secs => ${delay}) - now())::float8
       from rate_limit_hits where bucket = ${account} and window_start = ${windowStart(PER_ACCOUNT.seconds)}) as wait`);
  const row = taken.rows[0]!;
  return row.taken ? 0 : Math.max(1, Math.ceil(Number(row.wait ?? 1)));
}

/** A correct password ends the account's and this address's count for it and gives back its address attempt. */
export async function loginSucceeded(db: Db, ip: string, email: string, realm: LoginRealm): Promise<void> {
  const { pair, address, account } = buckets(realm, ip, email);
  await db.execute(sql`delete from rate_limit_hits where bucket in (${pair}, ${account})`);
  await db.execute(sql`
    update rate_limit_hits set hits = greatest(hits - 1, 0)
    where bucket = ${address} and window_start = ${windowStart(PER_ADDRESS.seconds)}`);
}
