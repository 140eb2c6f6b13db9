// Settings of the health endpoints and of shutdown, read from the environment (README, .env.example).
type Env = Record<string, string | undefined>;

export interface HealthConfig {
  /** The bearer token /metrics asks for; null: /metrics answers 404. */
  metricsToken: string | null;
  /** How long a stopping server lets the requests in flight finish before it closes their connections. */
  shutdownTimeoutMs: number;
}

export function loadHealthConfig(env: Env = process.env): HealthConfig {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
  const raw = env.SHUTDOWN_TIMEOUT_SECONDS?.trim();
  const seconds = raw ? Number(raw) : 10;
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds ≥ 0, got "${raw}"`);
  return { metricsToken: token, shutdownTimeoutMs: Math.round(seconds * 1000) };
}
