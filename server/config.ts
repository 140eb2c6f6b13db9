// Every setting of the server, read once from the environment with a safe default (documented in .env.example).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Config {
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
  jwtSecret: string;
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
  /** Behind a load balancer: take the client address from the first X-Forwarded-For entry. */
  trustProxy: boolean;
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

/** A secret given in the environment, or one generated once and kept in the data folder so tokens survive restarts. */
function jwtSecret(env: Env, dataDir: string): string {
  const given = text(env, 'JWT_SECRET');
  if (given !== null) {
    if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
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
  return {
    port,
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir,
    freshData: text(env, 'FRESH_DATA') === '1',
    distDir: path.resolve(text(env, 'DIST_DIR') ?? 'dist'),
    paymentWindowSeconds: integer(env, 'PAYMENT_WINDOW_SECONDS', 1800, 1),
    jwtSecret: jwtSecret(env, dataDir),
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
    trustProxy: text(env, 'TRUST_PROXY') === '1',
  };
}

/** Whether the site is served over https (HSTS and Secure cookies only then). */
export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}
