// The one test app of the server tests: the Hono app on a database of its own (a fresh copy of the seeded
// template), with its own data folder (outbox, uploads), called in-process with app.request (HTTP-shaped, no socket).
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions, not typed up front */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { setLogLevel } from '../../../server/log.ts';
import { listenCatalogChanges } from '../../../server/catalogue/events.ts';
import { freshDatabase, type OwnDatabase } from './database.ts';
import { keepClaimCapability } from './claimCreator.ts';

// Keep test output to failures: mails and job runs log at info.
setLogLevel('warn');

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: OwnDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Data folders made for test configs, removed when the test process ends. */
const dataDirs: string[] = [];
process.on('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A configuration for tests: its own data folder, a random token key, demo mode, rate limits off (a test of a
 * limit sets RATE_LIMIT_SCALE: '1'); `env` overrides any setting.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  mkdirSync(path.resolve('test-data'), { recursive: true });
  const dataDir = mkdtempSync(path.resolve('test-data', 'server-'));
  dataDirs.push(dataDir);
  return loadConfig({
    DATABASE_URL: 'postgres://unused',
    DATA_DIR: dataDir,
    PORT: '4290',
    PUBLIC_URL: 'http://127.0.0.1:4290',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'error',
    // The test databases are copies of the demo seed.
    DEMO: '1',
    ...env,
  });
}

/** An app on a fresh copy of the seeded database, following catalogue changes as an instance does. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(env);
  const app = createApp({ db: database.db, config });
  const catalogListener = listenCatalogChanges(database.db, database.url);
  await catalogListener.ready;
  return {
    app,
    database,
    config,
    close: async () => {
      await catalogListener.stop();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding `body` (malformed JSON, a multipart form, bytes); a string goes as JSON unless told otherwise. */
  raw?: string | FormData | Uint8Array;
  /** The client address the rate limiters see (in-process requests have none otherwise). */
  ip?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  cookies: string[];
}

/** One call to the app; the answer's body is parsed JSON, or its text when it is not JSON (XML export, plain text). */
export async function call<T = any>(
  test: { app: TestApp['app'] },
  method: string,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: BodyInit | undefined;
  if (options.raw !== undefined) payload = options.raw as BodyInit;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (typeof payload === 'string') headers['content-type'] ??= 'application/json';
  const env = options.ip ? { incoming: { socket: { remoteAddress: options.ip, remotePort: 40000, remoteFamily: 'IPv4' } } } : undefined;
  const response = await test.app.request(url, { method, headers, body: payload }, env);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  const cookies = response.headers.getSetCookie();
  keepClaimCapability(cookies);
  return { status: response.status, body: parsed as T, headers: response.headers, cookies };
}

/** A client address no other test uses, so rate-limit tests do not drain each other's buckets. */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** `name=value` of a Set-Cookie line, for sending it back. */
export function cookiePair(setCookies: string[], name: string): string | null {
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}
