// Accounts in server tests: unique addresses, the outbox's mails, and a signed-up + activated + signed-in user
// in one call (through the API, as a person would).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { call, cookiePair, type TestApp } from './app.ts';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@Example.com`;
}

export interface Mail {
  kind: string;
  locale: string;
  to: string;
  /** The sender as the outbox recorded it: the brand and the support address. */
  from: string;
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
