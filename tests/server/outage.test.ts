// PostgreSQL stopped and started again under a running server: data endpoints answer 503 with Retry-After and a
// translated detail meanwhile, the app page still loads, and afterwards everything works again without a restart
// (the pool and the catalogue listener reconnect by themselves); nothing acknowledged is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { sql } from 'drizzle-orm';
import { freePort, startEmbeddedPostgres, type Cluster } from '../../server/db/embedded.ts';
import { connect } from '../../server/db/index.ts';
import { runOps } from '../../server/ops/commands.ts';
import { VALID_REQUISITE } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

const dataDir = path.resolve(`test-data/server-outage-${process.pid}`);
const distDir = path.join(dataDir, 'dist');
let cluster: Cluster | null = null;
let server: ChildProcess | null = null;
let base = '';

beforeAll(async () => {
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="ru"><title>Exchanger</title></html>');
  // The server's own database (not the suite's), so this file can stop it.
  cluster = await startEmbeddedPostgres(path.join(dataDir, 'db'), { fresh: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      // The demo on a real database: its seeded directions and no DATA_KEY to provide.
      DEMO: '1',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      SKIP_BUILD: '1',
      DIST_DIR: distDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await vi.waitFor(
    async () => {
      if (server!.exitCode !== null) throw new Error('the server exited');
      expect((await fetch(`${base}/api/v1/calculator/tech/`)).status).toBe(200);
    },
    { timeout: 120_000, interval: 250 },
  );
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function claimPayload(): Promise<Record<string, unknown>> {
  const directions = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
  const [from, to] = [id('USDTTRC20'), id('SBERRUB')];
  const pair = (await (await fetch(`${base}/api/v1/calculator/pair/${from}/${to}/`)).json()) as PairResponse;
  const toRequisites = Object.fromEntries(
    pair.to.structure.input.filter((field) => field.visible).map((field) => [field.name, VALID_REQUISITE[field.check]]),
  );
  return {
    email: 'outage@example.com',
    fromPs: from,
    toPs: to,
    fromSumma: '100',
    fromRequisites: {},
    toRequisites,
    withVerificationCourse: false,
  };
}

function postClaim(payload: unknown, prefix = ''): Promise<Response> {
  return fetch(`${base}${prefix}/api/v1/claim/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

describe('PostgreSQL stopped and started under a running server', () => {
  it('answers 503 meanwhile, then works again by itself, losing nothing', async () => {
    const payload = await claimPayload();
    const before = await postClaim(payload);
    expect(before.status).toBe(201);
    const { uuid } = (await before.json()) as { uuid: string };
    const port = cluster!.port;

    await cluster!.stop();
    await vi.waitFor(async () => expect((await fetch(`${base}/api/v1/calculator/`)).status).toBe(503), {
      timeout: 15_000,
      interval: 100,
    });
    const russian = await fetch(`${base}/api/v1/claim/${uuid}/status/`);
    expect(russian.status).toBe(503);
    expect(Number(russian.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await russian.json()).toEqual({
      detail: 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
    });
    const english = await postClaim(payload, '/en');
    expect(english.status).toBe(503);
    expect(((await english.json()) as { detail: string }).detail).toBe(
      'The service is temporarily unavailable. Please retry in a few seconds.',
    );
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);

    cluster = await startEmbeddedPostgres(path.join(dataDir, 'db'), { port });
    await vi.waitFor(async () => expect((await fetch(`${base}/api/v1/calculator/`)).status).toBe(200), {
      timeout: 30_000,
      interval: 200,
    });
    const after = await postClaim(payload);
    expect(after.status).toBe(201);
    const status = await fetch(`${base}/api/v1/claim/${uuid}/status/`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { status: string }).status).toBe('awaiting_payment');

    // The catalogue listener is back too (its LISTEN connection exists again), and an operator change is answered.
    const { fromPs, toPs } = payload as { fromPs: number; toPs: number };
    const operator = connect(cluster.url, 1);
    try {
      await vi.waitFor(
        async () => {
          const listening = await operator.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where query ilike 'listen %'`,
          );
          expect(listening.rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 100 },
      );
      await fetch(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`);
      expect(await runOps(['rates', 'set', 'USDTTRC20', 'SBERRUB', '77.7'], { db: operator.db, operator: await cliOperator(operator.db), out: () => {} })).toBe(
        0,
      );
      await vi.waitFor(
        async () => {
          const pair = (await (
            await fetch(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`)
          ).json()) as PairResponse;
          expect(pair.course).toBe('77.7');
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await operator.close();
    }
  }, 120_000);
});
