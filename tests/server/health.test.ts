// /healthz, /readyz and /metrics on the app in-process, and the request id every answer carries. (PostgreSQL
// stopped under a running server, and a request in flight at SIGTERM: tests/server/operations.test.ts.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { sendClaimMails } from '../../server/claims/mailOutbox.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { uniqueEmail } from './support/accounts.ts';
import { validClaim } from './support/claims.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let test: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  test = await startTestApp();
  app = createApp({ db: test.database.db, config: test.config, health: { metricsToken: TOKEN, shutdownTimeoutMs: 0 } });
});
afterAll(async () => {
  await test.close();
});

async function scrape(): Promise<string> {
  const reply = await call({ app }, 'GET', '/metrics', undefined, { token: TOKEN });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.body as string;
}

/** The value of one sample line (`name{labels} value`), or null when the series is absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

async function createBtcClaim(): Promise<string> {
  const payload = await validClaim(test, 'BTC', 'SBERRUB', { email: uniqueEmail('metrics'), fromSumma: '0.0125' });
  const reply = await call(test, 'POST', '/api/v1/claim/', payload);
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

describe('GET /healthz and /readyz', () => {
  it('answers 200 while the process runs, and ready while PostgreSQL answers with every migration applied', async () => {
    expect(await call({ app }, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call({ app }, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 while a migration is not applied, and 200 again once it is', async () => {
    const { db } = test.database;
    const removed = await db.execute<{ hash: string; created_at: number }>(sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`);
    try {
      const reply = await call({ app }, 'GET', '/readyz');
      expect(reply).toMatchObject({ status: 503, body: { status: 'not ready', reason: 'migrations pending' } });
      expect(reply.headers.get('retry-after')).toBe('5');
    } finally {
      const { hash, created_at: createdAt } = removed.rows[0]!;
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${createdAt})`);
    }
    expect((await call({ app }, 'GET', '/readyz')).status).toBe(200);
  });
});

describe('X-Request-Id', () => {
  it('echoes a sane id the caller sent, and answers a new one otherwise', async () => {
    const given = await call({ app }, 'GET', '/api/v1/calculator/', undefined, { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
    for (const bad of ['two words', 'x'.repeat(65), '<script>']) {
      const reply = await call({ app }, 'GET', '/api/v1/calculator/', undefined, { headers: { 'x-request-id': bad } });
      expect(reply.headers.get('x-request-id')).toMatch(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
    }
    const fresh = await call({ app }, 'GET', '/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[\da-f-]{36}$/);
  });
});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is unset, and 401 without the right bearer token', async () => {
    const closed = createApp({ db: test.database.db, config: test.config, health: { metricsToken: null, shutdownTimeoutMs: 0 } });
    expect((await call({ app: closed }, 'GET', '/metrics', undefined, { token: TOKEN })).status).toBe(404);
    expect((await call({ app }, 'GET', '/metrics')).status).toBe(401);
    expect((await call({ app }, 'GET', '/metrics', undefined, { token: `${TOKEN}x` })).status).toBe(401);
    expect((await call({ app }, 'GET', '/metrics', undefined, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    await call({ app }, 'GET', '/api/v1/claim/00000000-0000-4000-8000-000000000000/status/');
    const text = await scrape();
    const route = 'method="GET",route="/api/v1/claim/:uuid/status/",status="404"';
    expect(sample(text, `http_requests_total{${route}}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `http_request_duration_seconds_count{${route}}`)).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.005",${route}}`);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it('reads claims, the mail queue and the deposit addresses left from PostgreSQL at scrape time', async () => {
    // Mails owed for other files' claims in the copied database go first, so the queue holds only this test's.
    await sendClaimMails(test.database.db, test.config, { deliver: async () => true });
    const before = await scrape();
    expect(sample(before, 'exchanger_database_up')).toBe(1);
    expect(sample(before, 'exchanger_mail_queue_depth')).toBe(0);
    const free = await test.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from deposit_addresses a join currencies c on c.id = a.currency_id
      where c.code = 'BTC' and a.claim_uuid is null`);
    expect(sample(before, 'exchanger_deposit_addresses_left{currency="BTC"}')).toBe(free.rows[0]!.n);

    const uuid = await createBtcClaim();
    await test.database.db.execute(sql`update claims set status = 'completed' where uuid = ${uuid}::uuid`);
    const after = await scrape();
    expect(sample(after, 'exchanger_claims_created_total')).toBe(sample(before, 'exchanger_claims_created_total')! + 1);
    expect(sample(after, 'exchanger_claims_completed_total')).toBe(
      (sample(before, 'exchanger_claims_completed_total') ?? 0) + 1,
    );
    expect(sample(after, 'exchanger_mail_queue_depth')).toBe(1);
    expect(sample(after, 'exchanger_deposit_addresses_left{currency="BTC"}')).toBe(free.rows[0]!.n - 1);
    expect(sample(after, 'http_requests_total{method="POST",route="/api/v1/claim/",status="201"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('# TYPE exchanger_claims_created_total counter');

    await sendClaimMails(test.database.db, test.config, { deliver: async () => false });
    const failing = await scrape();
    expect(sample(failing, 'exchanger_mail_queue_depth')).toBe(1);
    expect(sample(failing, 'exchanger_mail_queue_failing')).toBe(1);
  });
});
