// Two server processes on one PostgreSQL database (the documented way to scale out), started at the same time
// on an EMPTY database: both come up (migrations and seed take turns under an advisory lock); an operator change
// reaches both (each LISTENs for catalogue notices); the expiry job of both moves each claim once; a session made on
// one works on the other (the signing key is shared through the database); a receipt uploaded through one is
// readable through the other (files live in PostgreSQL).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { compare } from '../../src/domain/money.ts';
import { freePort } from '../../server/db/embedded.ts';
import { connect, type Database } from '../../server/db/index.ts';
import { runOps } from '../../server/ops/commands.ts';
import { readReceipt } from '../../server/claims/receipts.ts';
import { VALID_REQUISITE } from './support/claims.ts';
import { jpegImage } from './support/images.ts';
import { cliOperator } from './support/cliOperator.ts';
import { cookiePair } from './support/app.ts';

const PAYMENT_WINDOW_SECONDS = 3;
const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@exchanger.local';
const name = `exchanger_test_instances_${randomBytes(4).toString('hex')}`;
const dataDir = path.resolve(`test-data/server-instances-${process.pid}`);
const servers: ChildProcess[] = [];
const bases: string[] = [];
let database: Database;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startServer(url: string, port: number, index: number): ChildProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      // The demo on a real database (staging): the demo account signs in on either instance.
      DEMO: '1',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, `instance-${index}`),
      SKIP_BUILD: '1',
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '0',
      PAYMENT_WINDOW_SECONDS: String(PAYMENT_WINDOW_SECONDS),
      // No JWT_SECRET: the instances must agree on the key kept in the database.
      JWT_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  return child;
}

beforeAll(async () => {
  await admin(`create database "${name}"`);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const ports = [await freePort(), await freePort()];
  // Both at once, on a database without a single table.
  const children = ports.map((port, index) => startServer(url.toString(), port, index));
  bases.push(...ports.map((port) => `http://127.0.0.1:${port}`));
  await Promise.all(
    bases.map((base, index) =>
      vi.waitFor(
        async () => {
          if (children[index]!.exitCode !== null) throw new Error(`instance ${index} exited`);
          expect((await fetch(`${base}/api/v1/calculator/tech/`)).status).toBe(200);
        },
        { timeout: 120_000, interval: 250 },
      ),
    ),
  );
  database = connect(url.toString(), 2);
}, 180_000);

afterAll(async () => {
  await Promise.all(
    servers
      .filter((child) => child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
  await database?.close();
  await admin(`drop database if exists "${name}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

async function pairIds(base: string): Promise<{ from: number; to: number }> {
  const directions = await json<DirectionsResponse>(`${base}/api/v1/calculator/`);
  const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
  return { from: id('USDTTRC20'), to: id('SBERRUB') };
}

describe('two instances on one database', () => {
  it('both came up on the empty database, which was migrated and seeded once', async () => {
    const events = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from currencies`);
    expect(events.rows[0]!.n).toBeGreaterThan(0);
    const codes = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from currencies group by code having count(*) > 1`,
    );
    expect(codes.rows).toEqual([]);
    for (const base of bases) expect((await fetch(`${base}/api/v1/calculator/`)).status).toBe(200);
  });

  it('an operator change reaches both: each listens for catalogue notices', async () => {
    // Both hold a LISTEN connection: a committed change is announced to them at once (and no cached catalogue is
    // ever older than CATALOG_TTL_MS): together, the next read on either answers the change within a second.
    const listening = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query ilike 'listen catalog_changed%'`,
    );
    expect(listening.rows[0]!.n).toBe(2);
    const { from, to } = await pairIds(bases[0]!);
    // Both have the old catalogue in memory.
    for (const base of bases) await fetch(`${base}/api/v1/calculator/pair/${from}/${to}/`);
    expect(await runOps(['rates', 'set', 'USDTTRC20', 'SBERRUB', '83.25'], { db: database.db, operator: await cliOperator(database.db), out: () => {} })).toBe(0);
    await Promise.all(
      bases.map((base) =>
        vi.waitFor(
          async () =>
            expect((await json<PairResponse>(`${base}/api/v1/calculator/pair/${from}/${to}/`)).course).toBe('83.25'),
          { timeout: 10_000, interval: 20 },
        ),
      ),
    );
  });

  it('the expiry jobs of both instances move each claim once', async () => {
    const { from, to } = await pairIds(bases[0]!);
    const pair = await json<PairResponse>(`${bases[0]}/api/v1/calculator/pair/${from}/${to}/`);
    const toRequisites = Object.fromEntries(
      pair.to.structure.input
        .filter((field) => field.visible)
        .map((field) => [field.name, VALID_REQUISITE[field.check]]),
    );
    const body = JSON.stringify({
      email: 'instances@example.com',
      fromPs: from,
      toPs: to,
      fromSumma: '100',
      fromRequisites: {},
      toRequisites,
      withVerificationCourse: false,
    });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${bases[index % 2]}/api/v1/claim/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 201));
    await vi.waitFor(
      async () => {
        const open = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from claims where email = 'instances@example.com' and status <> 'expired'`,
        );
        expect(open.rows[0]!.n).toBe(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    const moves = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from claim_events e join claims c on c.uuid = e.claim_uuid
      where c.email = 'instances@example.com' and e.to_status = 'expired' group by e.claim_uuid`);
    expect(moves.rows.map((row) => row.n)).toEqual(Array.from({ length: 20 }, () => 1));
    const held = await database.db.execute<{ held: string }>(
      sql`select held::text from reserve_balances where currency_id = ${to}`,
    );
    expect(compare(held.rows[0]!.held, '0')).toBe(0);
  });

  it('a session made on one instance works on the other', async () => {
    const login = await fetch(`${bases[0]}/front-api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: process.env.DEMO_PASSWORD ?? 'demo2026pass' }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const me = await fetch(`${bases[1]}/api/v1/users/me/`, { headers: { authorization: `Bearer ${access}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(DEMO_EMAIL);
  });

  it('a receipt uploaded through one instance is readable through the other, and no disk holds it', async () => {
    const { from, to } = await pairIds(bases[0]!);
    const pair = await json<PairResponse>(`${bases[0]}/api/v1/calculator/pair/${from}/${to}/`);
    const toRequisites = Object.fromEntries(
      pair.to.structure.input
        .filter((field) => field.visible)
        .map((field) => [field.name, VALID_REQUISITE[field.check]]),
    );
    const created = await fetch(`${bases[0]}/api/v1/claim/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'receipt@example.com',
        fromPs: from,
        toPs: to,
        fromSumma: '100',
        fromRequisites: {},
        toRequisites,
        withVerificationCourse: false,
      }),
    });
    const { uuid } = (await created.json()) as { uuid: string };
    // The creator's browser sends back the capability cookie its claim's creation set.
    const capability = cookiePair(created.headers.getSetCookie(), 'claim_capability')!;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpegImage())]), 'receipt.jpg');
    const upload = await fetch(`${bases[0]}/api/v1/claim/${uuid}/bill/`, { method: 'POST', body: form, headers: { cookie: capability } });
    expect(upload.status).toBe(200);
    const status = await json<{ billUploaded: boolean }>(`${bases[1]}/api/v1/claim/${uuid}/status/`);
    expect(status.billUploaded).toBe(true);
    expect((await readReceipt(database.db, uuid))?.mime).toBe('image/jpeg');
    expect(existsSync(path.join(dataDir, 'instance-0', 'uploads'))).toBe(false);
  });
});
