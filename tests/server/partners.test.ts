// The partner API and its signed webhooks: a key made by `ops partners create` creates a claim (Idempotency-Key,
// the claim service itself, rewards to the partner's account), reads it back, and a local receiver gets every
// status change of it, signed, in order, also after it was down for a while. Keys are refused when unknown,
// revoked, over their rate or from an address not allowed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runOps } from '../../server/ops/commands.ts';
import { deliverWebhooks, RETRY_DELAYS_SECONDS } from '../../server/partners/webhooks.ts';
import { partnerClaim, partnerDirections, partnerWebhookEvent } from '../../src/api/schemas/partner.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;

interface Received {
  signature: string;
  body: string;
}

/** Plays the partner's endpoint: answers 503 while `down`, else 200, and keeps what was delivered. */
const receiver = { down: false, received: [] as Received[], refused: 0, server: null as Server | null, url: '' };

beforeAll(async () => {
  test = await startTestApp();
  receiver.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (receiver.down) {
        receiver.refused += 1;
        response.writeHead(503).end();
        return;
      }
      receiver.received.push({ signature: String(request.headers['webhook-signature']), body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.server?.close(resolve));
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

/** The last line a command printed: the key or the secret it shows once. */
const lastLine = (output: string) => output.split('\n').at(-1)!;

function verifies(secret: string, { signature, body }: Received): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

const asPartner = (key: string, extra: Record<string, string> = {}) => ({ headers: { 'x-api-key': key, ...extra } });

describe('the partner API', () => {
  let key = '';
  let secret = '';
  let uuid = '';

  it('makes a key once, stored only hashed, and refuses requests without a valid one', async () => {
    const created = await ops('partners', 'create', 'acme', '--rewards-to', 'demo@exchanger.local');
    expect(created.code).toBe(0);
    key = lastLine(created.output);
    expect(key).toMatch(/^pk_[\w-]{32}$/);
    const stored = await test.database.db.execute(sql`select key_hash from partners where name = 'acme'`);
    expect(stored.rows[0]!.key_hash).not.toContain(key);
    expect((await call(test, 'GET', '/api/partner/v1/directions/')).status).toBe(401);
    expect((await call(test, 'GET', '/api/partner/v1/directions/', undefined, asPartner('pk_wrong'))).body.code).toBe(
      'invalid_api_key',
    );
    expect((await ops('partners', 'list')).output).toMatch(/^acme\s+pk_\S+…\s+active/);
  });

  it('lists the directions the rates export publishes, with currency ids for a claim', async () => {
    const reply = await call(test, 'GET', '/api/partner/v1/directions/', undefined, asPartner(key));
    expect(reply.status).toBe(200);
    const directions = partnerDirections.parse(reply.body);
    const exported = (await call(test, 'GET', '/export/rates.json')).body.items as { from: string; to: string }[];
    expect(directions.map((row) => `${row.from.code}>${row.to.code}`)).toEqual(
      exported.map((row) => `${row.from}>${row.to}`),
    );
    expect(directions.find((row) => row.from.code === 'BTC' && row.to.code === 'SBERRUB')!.params).toContain('manual');
  });

  it('creates a claim through the claim service, once per Idempotency-Key, with the partner as its referrer', async () => {
    const secretLine = await ops('partners', 'webhook', 'acme', receiver.url);
    expect(secretLine.code).toBe(0);
    secret = lastLine(secretLine.output);
    const payload = await validClaim(test, 'BTC', 'SBERRUB');
    const missing = await call(test, 'POST', '/api/partner/v1/claims/', payload, asPartner(key));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('idempotency_key_required');
    const first = await call(
      test,
      'POST',
      '/api/partner/v1/claims/',
      payload,
      asPartner(key, { 'idempotency-key': 'order-1' }),
    );
    expect(first.status).toBe(201);
    uuid = first.body.uuid;
    const again = await call(
      test,
      'POST',
      '/api/partner/v1/claims/',
      payload,
      asPartner(key, { 'idempotency-key': 'order-1' }),
    );
    expect(again.body.uuid).toBe(uuid);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const demo = await test.database.db.execute(sql`select id from users where email = 'demo@exchanger.local'`);
    expect((await claimRow(test.database.db, uuid)).referrer_id).toBe(demo.rows[0]!.id);

    const read = await call(test, 'GET', `/api/partner/v1/claims/${uuid}/`, undefined, asPartner(key));
    expect(partnerClaim.parse(read.body)).toMatchObject({
      uuid,
      status: 'awaiting_payment',
      from: 'BTC',
      to: 'SBERRUB',
    });
    const other = lastLine((await ops('partners', 'create', 'other')).output);
    expect((await call(test, 'GET', `/api/partner/v1/claims/${uuid}/`, undefined, asPartner(other))).status).toBe(404);
  });

  it('posts every status change, signed and in order, also after the receiver was down for a while', async () => {
    receiver.down = true;
    expect(await deliverWebhooks(test.database.db)).toBe(0);
    for (const status of ['paid', 'processing', 'completed']) {
      expect((await ops('claims', 'move', uuid, status)).code).toBe(0);
      expect(await deliverWebhooks(test.database.db)).toBe(0);
    }
    // Only the claim's oldest change was tried: the later ones wait behind it.
    expect(receiver.refused).toBe(1);
    const pending = await test.database.db.execute<{ attempts: number; wait: number }>(sql`
      select attempts, extract(epoch from next_attempt_at - now())::float8 as wait
      from partner_webhooks where claim_uuid = ${uuid} order by id`);
    expect(pending.rows.map((row) => row.attempts)).toEqual([1, 0, 0, 0]);
    expect(Number(pending.rows[0]!.wait)).toBeGreaterThan(RETRY_DELAYS_SECONDS[0] - 5);
    expect((await ops('partners', 'deliveries', 'acme')).output).toMatch(/attempts 1 {2}pending, next try .*last: 503/);

    receiver.down = false;
    // The retry falls due (as it would RETRY_DELAYS_SECONDS[0] later).
    await test.database.db.execute(sql`update partner_webhooks set next_attempt_at = now() where claim_uuid = ${uuid}`);
    expect(await deliverWebhooks(test.database.db)).toBe(4);
    const events = receiver.received.map(({ body }) => partnerWebhookEvent.parse(JSON.parse(body)));
    expect(events.map((event) => [event.claim.previousStatus, event.claim.status])).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'paid'],
      ['paid', 'processing'],
      ['processing', 'completed'],
    ]);
    expect(events.every((event) => event.claim.uuid === uuid)).toBe(true);
    expect(receiver.received.every((delivery) => verifies(secret, delivery))).toBe(true);
    expect(verifies('whsec_another', receiver.received[0]!)).toBe(false);
    expect(await deliverWebhooks(test.database.db)).toBe(0);
    expect((await ops('partners', 'deliveries', 'acme')).output).not.toMatch(/pending/);
  });

  it('limits a key per minute, accepts it only from its addresses, and refuses it once revoked', async () => {
    const limited = lastLine((await ops('partners', 'create', 'tiny', '--rpm', '2')).output);
    for (const expected of [200, 200, 429]) {
      expect((await call(test, 'GET', '/api/partner/v1/directions/', undefined, asPartner(limited))).status).toBe(
        expected,
      );
    }
    const fenced = lastLine((await ops('partners', 'create', 'fenced', '--ips', '203.0.113.9')).output);
    const refused = await call(test, 'GET', '/api/partner/v1/directions/', undefined, asPartner(fenced));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('address_not_allowed');
    expect((await ops('partners', 'revoke', 'acme')).code).toBe(0);
    expect((await call(test, 'GET', '/api/partner/v1/directions/', undefined, asPartner(key))).status).toBe(401);
  });
});
