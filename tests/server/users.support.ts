// Helpers of the account tests (auth, users, referral, verify, news): an in-process app on the test database,
// JSON calls, the outbox, and a signed-up + activated + signed-in user in one call.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: OwnDatabase;
  config: Config;
  close(): Promise<void>;
}

/** An app on a fresh copy of the seeded test database, with its own data folder (outbox, uploads). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase(20);
  const dataDir = mkdtempSync(path.resolve('test-data', 'server-accounts-'));
  const config = loadConfig({
    DATABASE_URL: 'postgres://unused',
    DATA_DIR: dataDir,
    PORT: '4290',
    PUBLIC_URL: 'http://127.0.0.1:4290',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'error',
    ...env,
  });
  const app = createApp({ db: database.db, config });
  return { app, database, config, close: () => database.drop() };
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Sent as is (for malformed JSON); otherwise `body` is JSON-encoded. */
  raw?: string;
  /** A multipart body (the boundary header is set by the runtime). */
  form?: FormData;
  /** The client address the rate limiters see (in-process requests have none otherwise). */
  ip?: string;
}

/** A client address no other test uses, so rate-limit tests do not drain each other's buckets. */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

// Tests read answer bodies freely; the wire schemas are checked by their own tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  cookies: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  test: TestApp,
  method: string,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | FormData | undefined;
  if (options.form) payload = options.form;
  else if (options.raw !== undefined) payload = options.raw;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (typeof payload === 'string') headers['content-type'] ??= 'application/json';
  const env = options.ip ? { incoming: { socket: { remoteAddress: options.ip, remotePort: 40000, remoteFamily: 'IPv4' } } } : undefined;
  const response = await test.app.request(url, { method, headers, body: payload }, env);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T, headers: response.headers, cookies: response.headers.getSetCookie() };
}

/** `name=value` of a Set-Cookie line, for sending it back. */
export function cookiePair(setCookies: string[], name: string): string | null {
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@Example.com`;
}

export interface Mail {
  kind: string;
  locale: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** Waits for the newest mail of `kind` to `to` in the app's outbox. */
export async function waitForMail(test: TestApp, to: string, kind: string, timeoutMs = 5000): Promise<Mail> {
  const dir = path.join(test.config.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
      } catch {
        return [];
      }
    })();
    const mails = files.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail);
    const found = mails.filter((mail) => mail.to === to.toLowerCase() && mail.kind === kind).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function mailCount(test: TestApp, to: string, kind: string): number {
  const dir = path.join(test.config.dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail)
      .filter((mail) => mail.to === to.toLowerCase() && mail.kind === kind).length;
  } catch {
    return 0;
  }
}

export const PASSWORD = 'correct7horse';

export interface SignedIn {
  email: string;
  password: string;
  access: string;
  /** `refresh=...` ready for a Cookie header. */
  refreshCookie: string;
  id: number;
}

export async function signup(test: TestApp, email = uniqueEmail(), extra: Record<string, unknown> = {}): Promise<string> {
  const result = await call(test, 'POST', '/api/v1/users/signup/', { email, password: PASSWORD, passwordConfirm: PASSWORD, ...extra });
  if (result.status !== 201) throw new Error(`signup failed: ${result.status} ${JSON.stringify(result.body)}`);
  return email.toLowerCase();
}

export async function activate(test: TestApp, email: string): Promise<void> {
  const mail = await waitForMail(test, email, 'activation');
  const token = mail.link.split('/activate/')[1]!;
  const result = await call(test, 'POST', `/api/v1/users/activate/${token}/`);
  if (result.status !== 200) throw new Error(`activation failed: ${result.status} ${JSON.stringify(result.body)}`);
}

export async function login(test: TestApp, email: string, password = PASSWORD): Promise<SignedIn> {
  const result = await call(test, 'POST', '/front-api/auth/login/', { email, password });
  if (result.status !== 200) throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
  const refreshCookie = cookiePair(result.cookies, 'refresh')!;
  const me = await call(test, 'GET', '/api/v1/users/me/', undefined, { token: result.body.access });
  return { email, password, access: result.body.access, refreshCookie, id: me.body.id };
}

/** A new account, activated (unless told otherwise) and signed in. */
export async function newUser(test: TestApp, options: { activated?: boolean; refferal?: string } = {}): Promise<SignedIn> {
  const email = await signup(test, uniqueEmail(), options.refferal ? { refferal: options.refferal } : {});
  if (options.activated !== false) await activate(test, email);
  return login(test, email);
}
