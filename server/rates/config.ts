// Settings of the live rates, read from the environment (documented in .env.example and the README).
import { RATE_SOURCES, type RateSource } from './sources/index.ts';

export interface RatesConfig {
  /** Seconds between refreshes across all instances; 0 turns the job off. */
  refreshSeconds: number;
  /** A direction whose inputs are older than this is paused until fresh inputs arrive (and no claim is priced). */
  maxAgeSeconds: number;
  /** The largest move of one refresh applied without the operator, for a formula that sets none. */
  defaultMaxStepPercent: string;
  /** The slower reference: a course may drift at most maxDriftPercent from the course driftWindowSeconds ago. */
  driftWindowSeconds: number;
  maxDriftPercent: string;
  /** How long one source fetch may take. */
  fetchTimeoutMs: number;
  /** Source name → the adapter and the base URL it is fetched from. */
  sources: Map<string, { source: RateSource; baseUrl: string }>;
}

type Env = Record<string, string | undefined>;

function seconds(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

function percent(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be a percent above 0, got "${raw}"`);
  return raw;
}

function baseUrl(env: Env, source: RateSource): string {
  const raw = env[source.urlVariable]?.trim() || source.defaultBaseUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${source.urlVariable} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${source.urlVariable} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function loadRatesConfig(env: Env = process.env): RatesConfig {
  return {
    refreshSeconds: seconds(env, 'RATES_REFRESH_SECONDS', 60, 0),
    maxAgeSeconds: seconds(env, 'RATES_MAX_AGE_SECONDS', 300, 1),
    defaultMaxStepPercent: percent(env, 'RATES_DEFAULT_MAX_STEP_PERCENT', '5'),
    driftWindowSeconds: seconds(env, 'RATES_DRIFT_WINDOW_SECONDS', 3600, 60),
    maxDriftPercent: percent(env, 'RATES_MAX_DRIFT_PERCENT', '10'),
    fetchTimeoutMs: seconds(env, 'RATES_FETCH_TIMEOUT_SECONDS', 10, 1) * 1000,
    sources: new Map(RATE_SOURCES.map((source) => [source.name, { source, baseUrl: baseUrl(env, source) }])),
  };
}
