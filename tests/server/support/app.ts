// The Hono app on a database of its own, called in-process with app.request (HTTP-shaped, no socket).
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions, not typed up front */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { setLogLevel } from '../../../server/http/log.ts';
import { listenCatalogChanges } from '../../../server/services/catalogEvents.ts';
import { freshDatabase, type OwnDatabase } from './database.ts';

// Keep test output to failures: mails and job runs log at info.
setLogLevel('warn');

export interface CoreTestApp {
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

export function testConfig(env: Record<string, string> = {}): Config {
  mkdirSync(path.resolve('test-data'), { recursive: true });
  const dataDir = mkdtempSync(path.resolve('test-data', 'server-core-'));
  dataDirs.push(dataDir);
  return loadConfig({
    DATABASE_URL: 'postgres://unused',
    DATA_DIR: dataDir,
    PORT: '4190',
    PUBLIC_URL: 'http://127.0.0.1:4190',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'error',
    ...env,
  });
}

/** An app on a fresh copy of the seeded database; `env` overrides settings (e.g. RATE_LIMIT_SCALE). */
export async function startCoreApp(env: Record<string, string> = {}): Promise<CoreTestApp> {
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

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding `body`. */
  raw?: string | FormData | Uint8Array;
  token?: string;
}

export async function request<T = any>(
  test: { app: CoreTestApp['app'] },
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: BodyInit | undefined;
  if (options.raw !== undefined) payload = options.raw as BodyInit;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await test.app.request(url, { method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (XML export, plain text): keep the text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
