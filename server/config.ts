// Every setting of the server, read once from the environment with a safe default (documented in .env.example).
import path from 'node:path';
import { deriveKey, keyringFrom, type Keyring } from './keys/dataKey.ts';
import { resolveMode, type Mode } from './mode.ts';
import { alertSettingsFrom, type AlertSettings } from './alerts/settings.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Config {
  /** The demo (seeded, marked on every page) or production (nothing of the demo, keys from the environment). */
  mode: Mode;
  /** DATA_KEY (and DATA_KEY_PREVIOUS during a rotation): seals secrets at rest; null (demo only): nothing sealed. */
  dataKeys: Keyring | null;
  port: number;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  /** Null: the server runs its own embedded PostgreSQL in DATA_DIR/pg. */
  databaseUrl: string | null;
  dataDir: string;
  /** Wipe the embedded database at start (end-to-end runs). */
  freshData: boolean;
  distDir: string;
  paymentWindowSeconds: number;
  /** RATES_MAX_AGE_SECONDS: a course on a formula whose inputs are older prices no claim (and is paused). */
  ratesMaxAgeSeconds: number;
  /**
   * Open unpaid claims one e-mail and one client address may hold (OPEN_CLAIMS_PER_EMAIL, OPEN_CLAIMS_PER_CLIENT),
   * scaled by rateLimitScale; 0 turns that limit off.
   */
  openClaims: { perEmail: number; perClient: number };
  /** A pool address whose claim closed unpaid, nothing ever received, is given again after this long. */
  addressReuseQuietSeconds: number;
  /**
   * HS256 key of access tokens: JWT_SECRET, else derived from DATA_KEY (HKDF); null: the one created once in the
   * database (server/auth/sharedSecrets.ts), a demo without DATA_KEY only.
   */
  jwtSecret: string | null;
  /** HMAC key of card fingerprints, separate from the token key; null: created once in the database. */
  cardFingerprintKey: string | null;
  accessTokenTtlSeconds: number;
  /** Null: mail is written to DATA_DIR/outbox/. */
  smtpUrl: string | null;
  captchaSecret: string | null;
  captchaSiteKey: string | null;
  captchaVerifyUrl: string;
  chatWidget: { ru: string | null; en: string | null };
  analyticsCounter: string | null;
  supportEmail: string;
  logLevel: LogLevel;
  /** Multiplies every rate-limit capacity; 0 turns rate limiting off (load benchmarks). */
  rateLimitScale: number;
  /**
   * Proxies in front of the server that append to X-Forwarded-For (e.g. 1 behind one load balancer): the client
   * is the first entry from the right that none of them wrote. 0: the socket's peer is the client.
   */
  trustedProxies: number;
  /** Open Server-Sent Event streams (claim pages, consoles) one instance keeps: in all, and per client address. */
  eventStreams: { perInstance: number; perClient: number };
  /**
   * OPS_PORT: the console (/ops/) and its API (/ops-api/) are served on this port only (404 on PORT), bound to
   * OPS_HOST, so a reverse proxy can keep them off the public internet; null: both on PORT.
   */
  opsPort: number | null;
  opsHost: string;
  /** Operator alerts (server/alerts): Telegram, e-mail, kinds, quiet hours, thresholds. */
  alerts: AlertSettings;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

/** A secret from the environment (at least 32 characters), or null when the database is to supply it. */
function secret(env: Env, name: string): string | null {
  const given = text(env, name);
  if (given !== null && given.length < 32) throw new Error(`${name} must be at least 32 characters long`);
  return given;
}

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? 'info';
  if (raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error') return raw;
  throw new Error(`LOG_LEVEL must be debug, info, warn or error, got "${raw}"`);
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? 'data');
  const scale = Number(text(env, 'RATE_LIMIT_SCALE') ?? '1');
  const dataKeys = keyringFrom(env);
  return {
    mode: resolveMode(env),
    dataKeys,
    port,
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir,
    freshData: text(env, 'FRESH_DATA') === '1',
    distDir: path.resolve(text(env, 'DIST_DIR') ?? 'dist'),
    paymentWindowSeconds: integer(env, 'PAYMENT_WINDOW_SECONDS', 1800, 1),
    ratesMaxAgeSeconds: integer(env, 'RATES_MAX_AGE_SECONDS', 300, 1),
    openClaims: {
      perEmail: integer(env, 'OPEN_CLAIMS_PER_EMAIL', 3, 0),
      perClient: integer(env, 'OPEN_CLAIMS_PER_CLIENT', 10, 0),
    },
    addressReuseQuietSeconds: integer(env, 'ADDRESS_REUSE_QUIET_DAYS', 7, 0) * 86_400,
    jwtSecret:
      secret(env, 'JWT_SECRET') ??
      (dataKeys ? deriveKey(dataKeys.current.raw, 'exchanger access tokens').toString('base64url') : null),
    cardFingerprintKey: secret(env, 'CARD_FINGERPRINT_KEY'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 300, 1),
    smtpUrl: text(env, 'SMTP_URL'),
    captchaSecret: text(env, 'CAPTCHA_SECRET'),
    captchaSiteKey: text(env, 'CAPTCHA_SITE_KEY'),
    captchaVerifyUrl: text(env, 'CAPTCHA_VERIFY_URL') ?? 'https://smartcaptcha.yandexcloud.net/validate',
    chatWidget: { ru: text(env, 'CHAT_WIDGET_RU'), en: text(env, 'CHAT_WIDGET_EN') },
    analyticsCounter: text(env, 'ANALYTICS_COUNTER'),
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? 'support@exchanger.local',
    logLevel: logLevel(env),
    rateLimitScale: Number.isFinite(scale) && scale >= 0 ? scale : 1,
    trustedProxies: integer(env, 'TRUST_PROXY', 0, 0),
    eventStreams: {
      perInstance: integer(env, 'EVENT_STREAMS_MAX', 10_000, 1),
      perClient: integer(env, 'EVENT_STREAMS_PER_CLIENT', 20, 1),
    },
    opsPort: text(env, 'OPS_PORT') === null ? null : integer(env, 'OPS_PORT', 0, 1),
    opsHost: text(env, 'OPS_HOST') ?? '127.0.0.1',
    alerts: alertSettingsFrom(env),
  };
}

/** Whether the site is served over https (HSTS and Secure cookies only then). */
export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}
