// The real server process (`node server/main.ts`) as an operator runs it, on a PostgreSQL of its own that the test
// can stop: a whole journey with known secrets leaves none of them in its log (JSON lines, LOG_LEVEL=debug);
// /readyz goes 503 while PostgreSQL is stopped and 200 by itself once it is back; a request in flight at SIGTERM
// is answered and the process exits 0.
/* eslint-disable @typescript-eslint/no-explicit-any -- log lines are checked by the assertions, not typed up front */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { freePort, startEmbeddedPostgres, type Cluster } from '../../server/db/embedded.ts';
import { connect } from '../../server/db/index.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { startFakeSmtp, type FakeSmtp } from './support/fakeSmtp.ts';
import { VALID_REQUISITE } from './support/claims.ts';
import { CHILD_LIMITS } from './support/childLimits.ts';

const dataDir = path.resolve(`test-data/server-operations-${process.pid}`);
const distDir = path.join(dataDir, 'dist');
let cluster: Cluster | null = null;
let smtp: FakeSmtp;
let server: ChildProcess | null = null;
let port = 0;
let base = '';
/** Everything the server wrote on stdout and stderr. */
let output = '';

beforeAll(async () => {
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="ru"><title>Exchanger</title></html>');
  cluster = await startEmbeddedPostgres(path.join(dataDir, 'db'), { fresh: true });
  smtp = await startFakeSmtp();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      // The demo's catalogue (live directions, payment details) on this database, mail through "SMTP".
      DEMO: '1',
      SMTP_URL: smtp.url,
      METRICS_TOKEN: 'operations-metrics-token-0123456789',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataDir, 'data'),
      SKIP_BUILD: '1',
      DIST_DIR: distDir,
      // The most the log ever says: every access line and debug detail is searched for secrets.
      LOG_LEVEL: 'debug',
      RATE_LIMIT_SCALE: '0',
      RATES_REFRESH_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    server!.once('exit', () => reject(new Error(`the server exited: ${output.slice(-2000)}`))),
  );
  await Promise.race([
    exited,
    vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), { timeout: 120_000, interval: 250 }),
  ]);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A raw message with its quoted-printable undone and its base64 parts decoded after it, to search in. */
function readable(raw: string): string {
  const unquoted = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const parts = raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?$\n?)+/gm) ?? [];
  return [unquoted, ...parts.map((part) => Buffer.from(part.replace(/\s/g, ''), 'base64').toString('utf8'))].join('\n');
}

/** The first group of `pattern` in the newest mail to `to` that has it. */
async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await vi.waitFor(
    () => {
      const mails = smtp.messages.map(readable).filter((text) => text.toLowerCase().includes(`to: ${to}`));
      found = mails.map((text) => text.match(pattern)?.[1]).findLast((match) => match !== undefined);
      expect(found).toBeDefined();
    },
    { timeout: 10_000, interval: 100 },
  );
  return found!;
}

function cookieValue(reply: Response, name: string): string {
  const line = reply.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line!.split(';')[0]!.slice(name.length + 1);
}

describe('the log of a whole journey', () => {
  it('carries no password, token, mail link, card number or full e-mail, and says what happened', async () => {
    const tag = randomBytes(4).toString('hex');
    const email = `journey-${tag}@example.org`;
    const password = `First-pass-${tag}-9x`;
    const newPassword = `Second-pass-${tag}-7y`;
    const card = '4276 3812 9087 3457';
    const secrets: string[] = [email, password, newPassword, card, card.replace(/ /g, '')];

    expect((await post('/api/v1/users/signup/', { email, password, passwordConfirm: password })).status).toBe(201);
    const activation = await mailedLink(email, /\/activate\/([\w-]+)/);
    secrets.push(activation);
    expect((await post(`/api/v1/users/activate/${activation}/`, {})).status).toBe(200);

    expect((await post('/front-api/auth/login/', { email, password: `${password}-wrong` })).status).toBe(400);
    const login = await post('/front-api/auth/login/', { email, password });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const refresh = cookieValue(login, 'refresh');
    secrets.push(access, refresh);
    // A token in the query string of a request stays out of the access line too.
    expect((await fetch(`${base}/api/v1/users/me/?token=${refresh}`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);
    const refreshed = await post('/front-api/auth/refresh/', {}, { cookie: `refresh=${refresh}` });
    expect(refreshed.status).toBe(200);
    secrets.push(((await refreshed.json()) as { access: string }).access, cookieValue(refreshed, 'refresh'));

    expect((await post('/api/v1/users/restore/', { email })).status).toBe(200);
    const reset = await mailedLink(email, /recover\?token=([\w-]+)/);
    secrets.push(reset);
    expect((await post(`/api/v1/users/restore/${reset}/`, { password: newPassword, passwordConfirm: newPassword })).status).toBe(200);
    expect((await post('/front-api/auth/login/', { email, password: newPassword })).status).toBe(200);

    const directions = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
    const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
    const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${id('BTC')}/${id('SBERRUB')}/`)).json()) as PairResponse;
    const requisites = (side: PairResponse['from']) =>
      Object.fromEntries(
        side.structure.input
          .filter((field) => field.visible)
          .map((field) => [field.name, field.check === 'card' ? card : VALID_REQUISITE[field.check]]),
      );
    const claim = await post('/api/v1/claim/', {
      email,
      fromPs: id('BTC'),
      toPs: id('SBERRUB'),
      fromSumma: pair.from.min,
      fromRequisites: requisites(pair.from),
      toRequisites: requisites(pair.to),
      withVerificationCourse: false,
    });
    expect(claim.status).toBe(201);
    // The claim's mail goes out through the job (SMTP), its address masked in any line about it.
    await mailedLink(email, /\/claim\/([\da-f-]{36})/);

    // An operator made by the CLI signs in to the console with a password and a TOTP code (a wrong one first).
    const operatorEmail = `ops-${tag}@example.org`;
    const operatorPassword = `Console-pass-${tag}-3w`;
    const cli = spawnSync(process.execPath, ['server/ops/cli.ts', 'operators', 'create', operatorEmail, '--password', operatorPassword], {
      env: { ...process.env, DATABASE_URL: cluster!.url, DEMO: '1', LOG_LEVEL: 'error' },
      encoding: 'utf8',
      ...CHILD_LIMITS,
    });
    expect(cli.status, cli.stderr).toBe(0);
    const totpSecret = cli.stdout.match(/secret=([A-Z2-7]+)/)![1]!;
    const code = totpCode(totpSecret);
    secrets.push(operatorEmail, operatorPassword, totpSecret);
    const signIn = (totp: string) => post('/ops-api/v1/auth/sign-in/', { email: operatorEmail, password: operatorPassword, code: totp });
    expect((await signIn(code === '000000' ? '111111' : '000000')).status).toBeGreaterThanOrEqual(400);
    const signedIn = await signIn(code);
    expect(signedIn.status).toBe(200);
    secrets.push(cookieValue(signedIn, 'ops_session'));

    // A query PostgreSQL refuses, with an e-mail and a password hash among its parameters.
    const refusedEmail = `refused-${tag}@example.org`;
    const refusedPassword = `Third-pass-${tag}-5z`;
    secrets.push(refusedEmail, refusedPassword);
    const admin = connect(cluster!.url, 1);
    try {
      await admin.pool.query(`alter table users add constraint operations_test_refuses check (email not like 'refused-%')`);
      expect((await post('/api/v1/users/signup/', { email: refusedEmail, password: refusedPassword, passwordConfirm: refusedPassword })).status).toBe(500);
    } finally {
      await admin.pool.query('alter table users drop constraint operations_test_refuses');
      await admin.close();
    }

    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
    expect(output).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    for (const secret of secrets) {
      expect(output.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
      expect(output.toLowerCase().includes(secret.toLowerCase())).toBe(false);
    }
    // It did log what happened: access lines with their request ids, the mails, the refused query without parameters.
    const signupLine = entries.find((entry) => entry.msg === 'request' && entry.route === '/api/v1/users/signup/');
    expect(signupLine).toMatchObject({ level: 'info', method: 'POST', status: 201 });
    expect(signupLine!.requestId).toMatch(/^[\da-f-]{36}$/);
    expect(entries.some((entry) => entry.route === '/api/v1/users/me/' && entry.status === 200)).toBe(true);
    const failure = entries.find((entry) => entry.level === 'error' && entry.err?.query?.includes('insert into "users"'));
    expect(failure).toBeDefined();
    expect(failure!.err.cause).toMatchObject({ code: '23514', constraint: 'operations_test_refuses' });
    expect(failure!.requestId).toBe(entries.find((entry) => entry.route === '/api/v1/users/signup/' && entry.status === 500)!.requestId);
  }, 120_000);
});

describe('/readyz and /metrics on the running server', () => {
  it('goes 503 while PostgreSQL is stopped and back to 200 by itself when it returns', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer operations-metrics-token-0123456789' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^exchanger_claims_created_total [1-9]/m);

    const dbPort = cluster!.port;
    await cluster!.stop();
    await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(503), { timeout: 15_000, interval: 100 });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    cluster = await startEmbeddedPostgres(path.join(dataDir, 'db'), { port: dbPort });
    await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), { timeout: 30_000, interval: 200 });
  }, 90_000);
});

describe('SIGTERM', () => {
  it('answers the request in flight, then exits 0', async () => {
    const body = JSON.stringify({ email: 'in-flight@example.org' });
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${base}/api/v1/users/restore/`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (reply) => {
          reply.resume();
          reply.on('end', () => resolve(reply.statusCode!));
        },
      );
      request.on('error', reject);
      // Half the body now: the server has taken the request in and waits for the rest.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        process.kill(server!.pid!, 'SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    expect(await answer).toBe(200);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 60_000);
});
