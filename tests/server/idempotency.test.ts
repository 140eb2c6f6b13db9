// Idempotency-Key on claim creation (Stripe's semantics): the same key and body answer the first answer (also
// when sent at once, also after the client lost the connection); the same key with another body is refused;
// keys belong to one client; old keys are swept.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepIdempotencyKeys } from '../../server/claims/idempotency.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function create(payload: unknown, key: string | null, options: { prefix?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (key !== null) headers['idempotency-key'] = key;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  return call(test, 'POST', `${options.prefix ?? ''}/api/v1/claim/`, payload, { headers });
}

async function claimsOf(email: string): Promise<string[]> {
  const result = await test.database.db.execute<{ uuid: string }>(
    sql`select uuid from claims where email = ${email} order by created_at`,
  );
  return result.rows.map((row) => row.uuid);
}

function payloadFor(email: string) {
  return validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', email });
}

describe('Idempotency-Key', () => {
  it('answers the first answer to a repeat: same status, same uuid, one claim', async () => {
    const payload = await payloadFor('repeat@example.com');
    const key = randomUUID();
    const first = await create(payload, key);
    const second = await create(payload, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await claimsOf('repeat@example.com')).toEqual([first.body.uuid]);
  });

  it('makes one claim of 20 identical requests sent at once', async () => {
    const payload = await payloadFor('burst@example.com');
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => create(payload, key)));
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([201]));
    expect(new Set(replies.map((reply) => reply.body.uuid)).size).toBe(1);
    expect(await claimsOf('burst@example.com')).toEqual([replies[0]!.body.uuid]);
  });

  it('refuses the same key with another body, in the caller language, and changes nothing', async () => {
    const payload = await payloadFor('other-body@example.com');
    const key = randomUUID();
    expect((await create(payload, key)).status).toBe(201);
    const changed = await create({ ...payload, fromSumma: '150' }, key, { prefix: '/en' });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      detail:
        'This Idempotency-Key was already used for a different request. Use a new key for a new exchange request.',
      code: 'idempotency_key_reused',
    });
    const russian = await create({ ...payload, fromSumma: '150' }, key);
    expect(russian.body.detail).toMatch(/^Этот ключ Idempotency-Key уже использован/);
    expect(await claimsOf('other-body@example.com')).toHaveLength(1);
  });

  it('does not spend a key on a refused request: fixed and sent again, it creates the claim', async () => {
    const payload = await payloadFor('fixed@example.com');
    const key = randomUUID();
    const refused = await create({ ...payload, fromSumma: '0.5' }, key);
    expect(refused.status).toBe(400);
    expect((await create(payload, key)).status).toBe(201);
  });

  it('without a key, every request is a new claim (as before)', async () => {
    const payload = await payloadFor('no-key@example.com');
    expect((await create(payload, null)).status).toBe(201);
    expect((await create(payload, null)).status).toBe(201);
    expect(await claimsOf('no-key@example.com')).toHaveLength(2);
  });

  it('refuses a malformed key', async () => {
    const reply = await create(await payloadFor('bad-key@example.com'), 'x'.repeat(256), { prefix: '/en' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_idempotency_key');
    expect(await claimsOf('bad-key@example.com')).toHaveLength(0);
  });

  it('keeps keys per client: another client with the same key makes its own claim', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const payload = await validClaim(proxied, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', email: 'a@example.com' });
      const key = randomUUID();
      const send = (ip: string) =>
        call(proxied, 'POST', '/api/v1/claim/', payload, {
          headers: { 'idempotency-key': key, 'x-forwarded-for': ip },
        });
      const first = await send('198.51.100.1');
      const second = await send('198.51.100.2');
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body.uuid).not.toBe(first.body.uuid);
    } finally {
      await proxied.close();
    }
  });

  it('sweeps keys older than 24 hours and keeps younger ones', async () => {
    await test.database.db.execute(sql`
      insert into idempotency_keys (scope, key, request_hash, status, body, created_at) values
        ('ip:203.0.113.9', 'old', ${'0'.repeat(64)}, 201, '{"uuid": "x"}', now() - interval '25 hours'),
        ('ip:203.0.113.9', 'young', ${'0'.repeat(64)}, 201, '{"uuid": "y"}', now() - interval '23 hours')`);
    expect(await sweepIdempotencyKeys(test.database.db)).toBeGreaterThanOrEqual(1);
    const left = await test.database.db.execute<{ key: string }>(
      sql`select key from idempotency_keys where scope = 'ip:203.0.113.9'`,
    );
    expect(left.rows.map((row) => row.key)).toEqual(['young']);
  });
});

describe('a dropped connection', () => {
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    server = serve({ fetch: test.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('then a retry with the same key answers the claim made meanwhile: one claim', async () => {
    const payload = JSON.stringify(await payloadFor('dropped@example.com'));
    const key = randomUUID();
    // The client sends its request and loses the connection before any answer arrives.
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/claim/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Idempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on('error', reject);
    });
    // The server carries on with it regardless.
    await vi.waitFor(async () => expect(await claimsOf('dropped@example.com')).toHaveLength(1), {
      timeout: 5000,
      interval: 50,
    });
    const retry = await fetch(`http://127.0.0.1:${port}/api/v1/claim/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: payload,
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { uuid: string }).uuid).toBe((await claimsOf('dropped@example.com'))[0]);
    expect(await claimsOf('dropped@example.com')).toHaveLength(1);
  });
});
