// Fetching the sources a refresh needs and keeping their newest prices in rate_quotes. Each fetch has a
// timeout; a source that fails is retried after a growing pause (kept in rate_sources, so every instance
// honours it), and a malformed answer is a failure like a dead one: nothing of it is stored.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import type { RatesConfig } from './config.ts';
import type { Quote } from './decide.ts';
import { priceKey } from './formula.ts';

/** Longest pause between attempts at a failing source. */
export const MAX_BACKOFF_SECONDS = 600;

/** Pause after `failures` failures in a row: one period, then twice as long each time, at most MAX_BACKOFF_SECONDS. */
export function backoffSeconds(failures: number, refreshSeconds: number): number {
  const base = Math.max(refreshSeconds, 10);
  return Math.min(base * 2 ** Math.max(failures - 1, 0), MAX_BACKOFF_SECONDS);
}

/** Every price one source publishes now (throws on a timeout, an HTTP error or a malformed answer). */
export async function fetchSourcePrices(config: RatesConfig, name: string): Promise<Map<string, string>> {
  const entry = config.sources.get(name);
  if (!entry) throw new Error(`unknown source ${name}`);
  return entry.source.fetchPrices(entry.baseUrl, AbortSignal.timeout(config.fetchTimeoutMs));
}

export interface QuotesOutcome {
  fetched: string[];
  failed: string[];
  /** Sources still in their back-off pause. */
  waiting: string[];
}

/** Stores the wanted symbols of one fetched answer with `now` as their time; answers the symbols it lacked. */
export async function storeQuotes(
  db: Db,
  source: string,
  symbols: Iterable<string>,
  prices: Map<string, string>,
  now: Date,
): Promise<string[]> {
  const rows: { symbol: string; price: string }[] = [];
  const missing: string[] = [];
  for (const symbol of symbols) {
    const price = prices.get(symbol);
    if (price === undefined) missing.push(symbol);
    else rows.push({ symbol, price });
  }
  if (rows.length > 0) {
    await db.execute(sql`
      insert into rate_quotes (source, symbol, price, fetched_at)
      select ${source}, symbol, price::numeric, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as given(symbol text, price text)
      on conflict (source, symbol) do update set price = excluded.price, fetched_at = excluded.fetched_at`);
  }
  return missing;
}

/** Fetches every source in `wanted` that is not backing off, in parallel, and stores the prices asked for. */
export async function refreshQuotes(
  db: Db,
  config: RatesConfig,
  wanted: Map<string, Set<string>>,
  now: Date,
): Promise<QuotesOutcome> {
  const outcome: QuotesOutcome = { fetched: [], failed: [], waiting: [] };
  const states = await db.execute<{ source: string; failures: number; next_attempt_at: Date | null }>(
    sql`select source, failures, next_attempt_at from rate_sources`,
  );
  const stateOf = new Map(states.rows.map((row) => [row.source, row]));
  await Promise.all(
    [...wanted].map(async ([source, symbols]) => {
      const state = stateOf.get(source);
      if (state?.next_attempt_at && new Date(state.next_attempt_at).getTime() > now.getTime()) {
        outcome.waiting.push(source);
        return;
      }
      try {
        const prices = await fetchSourcePrices(config, source);
        const missing = await storeQuotes(db, source, symbols, prices, now);
        if (missing.length > 0) log.warn(`rates: ${source} did not publish ${missing.join(', ')}`);
        await db.execute(sql`
          insert into rate_sources (source, failures, next_attempt_at, last_success_at, last_error)
          values (${source}, 0, null, ${now.toISOString()}::timestamptz, null)
          on conflict (source) do update set failures = 0, next_attempt_at = null,
            last_success_at = excluded.last_success_at, last_error = null`);
        outcome.fetched.push(source);
      } catch (error) {
        const failures = (state?.failures ?? 0) + 1;
        const pause = backoffSeconds(failures, config.refreshSeconds);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(`rates: fetching ${source} failed (${failures} in a row, next try in ${pause} s): ${reason}`);
        await db.execute(sql`
          insert into rate_sources (source, failures, next_attempt_at, last_error)
          values (${source}, ${failures}, ${new Date(now.getTime() + pause * 1000).toISOString()}::timestamptz, ${reason})
          on conflict (source) do update set failures = excluded.failures,
            next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error`);
        outcome.failed.push(source);
      }
    }),
  );
  return outcome;
}

/** The stored quotes of the given "source:SYMBOL" keys. */
export async function loadQuotes(db: Pick<Db, 'execute'>, keys: string[]): Promise<Map<string, Quote>> {
  if (keys.length === 0) return new Map();
  const result = await db.execute<{ source: string; symbol: string; price: string; fetched_at: Date | string }>(sql`
    select source, symbol, price::text as price, fetched_at from rate_quotes
    where source || ':' || symbol in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  return new Map(
    result.rows.map((row) => [
      priceKey(row),
      { price: row.price, fetchedAt: row.fetched_at instanceof Date ? row.fetched_at : new Date(row.fetched_at) },
    ]),
  );
}
