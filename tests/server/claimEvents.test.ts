// Live claim notices (server/claimEvents): two instances on one database, each with its one listening connection;
// a claim page's stream on instance A hears a move made through instance B, the console's queue stream hears a
// new claim, the link to PostgreSQL is cut and comes back, and streams are capped per client and per instance.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { startClaimEventHub, type ClaimEventHub } from '../../server/claims/events/hub.ts';
import { connect, type Database } from '../../server/db/index.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { call, startTestApp, testConfig, uniqueIp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';
import { asCreator } from './support/claimCreator.ts';

const LIMITS = { perInstance: 50, perClient: 3 };

let test: TestApp;
/** Instance A: the test app's pool, its own hub. */
let hubA: ClaimEventHub;
let appA: TestApp['app'];
/** Instance B: another pool on the same database, another hub. */
let poolB: Database;
let hubB: ClaimEventHub;
let appB: TestApp['app'];

beforeAll(async () => {
  test = await startTestApp();
  hubA = startClaimEventHub(test.database.url, LIMITS);
  appA = createApp({ db: test.database.db, config: test.config, claimEvents: hubA });
  poolB = connect(test.database.url, 4);
  hubB = startClaimEventHub(test.database.url, LIMITS);
  appB = createApp({ db: poolB.db, config: testConfig(), claimEvents: hubB });
  await Promise.all([hubA.ready, hubB.ready]);
});
afterAll(async () => {
  await hubA.stop();
  await hubB.stop();
  await poolB.close();
  await test.close();
});

/** An open event stream: what it has sent so far, and how to close it as a browser would. */
interface OpenStream {
  status: number;
  headers: Headers;
  text(): string;
  /** Waits until the stream has sent `count` change events. */
  changes(count: number): Promise<void>;
  close(): Promise<void>;
}

async function openStream(app: TestApp['app'], url: string, ip: string, cookie?: string): Promise<OpenStream> {
  const env = { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } };
  const response = await app.request(url, { headers: cookie ? { cookie } : {} }, env);
  let received = '';
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let closed = false;
  const pump = async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += decoder.decode(value, { stream: true });
    }
  };
  const pumping = response.ok ? pump().catch(() => {}) : Promise.resolve();
  const changeCount = () => received.split('event: changed\n').length - 1;
  return {
    status: response.status,
    headers: response.headers,
    text: () => received,
    changes: (count) => vi.waitFor(() => expect(changeCount()).toBeGreaterThanOrEqual(count), { timeout: 10_000, interval: 10 }),
    close: async () => {
      if (closed) return;
      closed = true;
      await reader.cancel();
      await pumping;
    },
  };
}

async function newClaim(app: TestApp['app']): Promise<string> {
  const reply = await call({ app }, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500' }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.uuid as string;
}

/**
 * A new claim whose creation notice instance A has already heard (through the console's queue stream, which the
 * same listener feeds after the claim's own topic), so a stream opened now hears only what comes next.
 */
async function quietClaim(app: TestApp['app']): Promise<string> {
  const queue = await openOpsStream();
  try {
    const uuid = await newClaim(app);
    await queue.changes(1);
    return uuid;
  } finally {
    await queue.close();
  }
}

describe('GET /api/v1/claim/{uuid}/events/', () => {
  it('a stream on instance A hears a move made on instance B, with the claim uuid and nothing private', async () => {
    const uuid = await quietClaim(appB);
    const stream = await openStream(appA, `/api/v1/claim/${uuid}/events/`, uniqueIp());
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      await vi.waitFor(() => expect(stream.text()).toMatch(/^retry: \d+\n/));
      expect(stream.text()).not.toContain('event: changed');

      const confirmed = await call({ app: appB }, 'POST', `/api/v1/claim/${uuid}/confirm/`, {}, asCreator(uuid));
      expect(confirmed.status).toBe(200);
      await stream.changes(1);
      expect(stream.text()).toContain(`event: changed\ndata: {"uuid":"${uuid}"}\n\n`);
    } finally {
      await stream.close();
    }
  });

  it("another claim's move is not sent to this claim's stream", async () => {
    const [watched, other] = [await quietClaim(appA), await quietClaim(appA)];
    const stream = await openStream(appA, `/api/v1/claim/${watched}/events/`, uniqueIp());
    const queue = await openOpsStream();
    try {
      const before = queue.text().split('event: changed').length;
      expect((await call({ app: appB }, 'POST', `/api/v1/claim/${other}/cancel/`, {}, asCreator(other))).status).toBe(200);
      // The queue hears the other claim's move: by then this claim's stream would have heard it too.
      await vi.waitFor(() => expect(queue.text().split('event: changed').length).toBeGreaterThan(before), { timeout: 10_000 });
      expect(stream.text()).not.toContain('event: changed');
    } finally {
      await stream.close();
      await queue.close();
    }
  });

  it('a move rolled back announces nothing; the same move committed is heard', async () => {
    const uuid = await quietClaim(appA);
    const stream = await openStream(appA, `/api/v1/claim/${uuid}/events/`, uniqueIp());
    try {
      await poolB.db
        .transaction(async (tx) => {
          await tx.execute(sql`update claims set updated_at = now() where uuid = ${uuid}`);
          await tx.execute(sql`select pg_notify('claim_changed', ${uuid})`);
          tx.rollback();
        })
        .catch(() => {});
      expect((await call({ app: appB }, 'POST', `/api/v1/claim/${uuid}/cancel/`, {}, asCreator(uuid))).status).toBe(200);
      await stream.changes(1);
      expect(stream.text().split('event: changed').length - 1).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('an unknown claim answers 404 in the language of the path, and opens no stream', async () => {
    const ip = uniqueIp();
    const ru = await openStream(appA, '/api/v1/claim/00000000-0000-4000-8000-000000000000/events/', ip);
    const en = await openStream(appA, '/en/api/v1/claim/not-a-uuid/events/', ip);
    expect([ru.status, en.status]).toEqual([404, 404]);
    await ru.close();
    await en.close();
    expect((await call({ app: appA }, 'GET', '/en/api/v1/claim/00000000-0000-4000-8000-000000000000/events/')).body).toEqual({
      detail: 'Request not found.',
    });
    expect(hubA.openStreams()).toBe(0);
  });

  it('caps open streams per client address: the next one is refused with 429 and Retry-After until one closes', async () => {
    const uuid = await newClaim(appA);
    const ip = uniqueIp();
    const streams = await Promise.all(
      Array.from({ length: LIMITS.perClient }, () => openStream(appA, `/api/v1/claim/${uuid}/events/`, ip)),
    );
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      const refused = await call({ app: appA }, 'GET', `/en/api/v1/claim/${uuid}/events/`, undefined, { ip });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.body).toEqual({
        detail: 'Too many open request pages. Close the tabs you do not need.',
        code: 'too_many_streams',
      });
      const ru = await call({ app: appA }, 'GET', `/api/v1/claim/${uuid}/events/`, undefined, { ip });
      expect(ru.body.detail).toBe('Слишком много открытых страниц заявок. Закройте лишние вкладки.');
      // Another address is not affected; a closed stream frees its place.
      const elsewhere = await openStream(appA, `/api/v1/claim/${uuid}/events/`, uniqueIp());
      expect(elsewhere.status).toBe(200);
      await elsewhere.close();
      await streams.pop()!.close();
      const again = await openStream(appA, `/api/v1/claim/${uuid}/events/`, ip);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
    expect(hubA.openStreams()).toBe(0);
  });

  it('caps open streams per instance', async () => {
    const hub = startClaimEventHub(test.database.url, { perInstance: 2, perClient: 10 });
    const app = createApp({ db: test.database.db, config: test.config, claimEvents: hub });
    try {
      await hub.ready;
      const uuid = await newClaim(app);
      const streams = [
        await openStream(app, `/api/v1/claim/${uuid}/events/`, uniqueIp()),
        await openStream(app, `/api/v1/claim/${uuid}/events/`, uniqueIp()),
        await openStream(app, `/api/v1/claim/${uuid}/events/`, uniqueIp()),
      ];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 429]);
      await Promise.all(streams.map((stream) => stream.close()));
    } finally {
      await hub.stop();
    }
  });

  it("after the listener's connection is cut, open streams are told to read again, and later moves still arrive", async () => {
    const uuid = await quietClaim(appA);
    const stream = await openStream(appA, `/api/v1/claim/${uuid}/events/`, uniqueIp());
    try {
      // Ends every LISTENing backend on the database but the test's own: both hubs lose their link.
      await poolB.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen claim_changed%' and pid <> pg_backend_pid()`);
      await stream.changes(1);
      expect((await call({ app: appB }, 'POST', `/api/v1/claim/${uuid}/confirm/`, {}, asCreator(uuid))).status).toBe(200);
      await stream.changes(2);
    } finally {
      await stream.close();
    }
  });

  it('shutting the hub down ends its streams', async () => {
    const hub = startClaimEventHub(test.database.url, LIMITS);
    const app = createApp({ db: test.database.db, config: test.config, claimEvents: hub });
    await hub.ready;
    const uuid = await newClaim(app);
    const response = await app.request(`/api/v1/claim/${uuid}/events/`);
    const reading = response.text();
    await hub.stop();
    expect(await reading).toMatch(/^retry: \d+\n: open\n\n$/);
    expect(hub.openStreams()).toBe(0);
  });
});

let operatorCount = 0;

async function operatorCookie(): Promise<string> {
  operatorCount += 1;
  const operator = await createOperator(test.database.db, CLI_ACTOR, `live${operatorCount}@example.com`, 'long-pass-1');
  const reply = await call({ app: appA }, 'POST', '/ops-api/v1/auth/sign-in/', {
    email: operator.email,
    password: 'long-pass-1',
    code: totpCode(operator.secret),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.cookies.find((cookie) => cookie.startsWith('ops_session='))!.split(';')[0]!;
}

async function openOpsStream(): Promise<OpenStream> {
  const stream = await openStream(appA, '/ops-api/v1/queue/events/', uniqueIp(), await operatorCookie());
  expect(stream.status).toBe(200);
  return stream;
}

describe('GET /ops-api/v1/queue/events/', () => {
  it('needs an operator session', async () => {
    const reply = await call({ app: appA }, 'GET', '/ops-api/en/v1/queue/events/');
    expect(reply.status).toBe(401);
    expect(reply.body.detail).toBe('Sign in as an operator.');
  });

  it('hears a claim created on another instance, and its moves', async () => {
    const stream = await openOpsStream();
    try {
      await newClaim(appB);
      await stream.changes(1);
      const uuids = await Promise.all([newClaim(appB), newClaim(appB), newClaim(appB)]);
      await Promise.all(uuids.map((uuid) => call({ app: appB }, 'POST', `/api/v1/claim/${uuid}/cancel/`, {}, asCreator(uuid))));
      await stream.changes(2);
      expect(stream.text()).toContain('event: changed\ndata: {"queue":true}\n\n');
    } finally {
      await stream.close();
    }
  });
});
