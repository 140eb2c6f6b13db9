// Two instances (two apps with their own connection pools, no secrets in the environment) on one database act
// as one: they agree on the token key and on a separate card-fingerprint key created once in PostgreSQL, spend
// one login-throttle budget, and read each other's uploads.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { sharedSecret } from '../../../server/auth/sharedSecrets.ts';
import { loadConfig } from '../../../server/config.ts';
import { connect, type Database } from '../../../server/db/index.ts';
import { readReceipt } from '../../../server/claims/receipts.ts';
import { freshDatabase, type OwnDatabase } from '../support/database.ts';
import { validClaim } from '../support/claims.ts';
import { jpegImage } from '../support/images.ts';
import { call, type TestApp, uniqueIp } from '../support/app.ts';
import { login, PASSWORD, signup } from '../support/accounts.ts';
import { asCreator } from '../support/claimCreator.ts';

let database: OwnDatabase;
const pools: Database[] = [];
let first: TestApp;
let second: TestApp;
const dataDirs: string[] = [];

/** An instance: its own pool on the shared database, its own data folder, no JWT_SECRET or CARD_FINGERPRINT_KEY. */
function instance(index: number): TestApp {
  const pool = connect(database.url, 5);
  pools.push(pool);
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(path.resolve('test-data', `server-shared-${index}-`))) - 1],
    PUBLIC_URL: 'http://127.0.0.1:4390',
    JWT_SECRET: '',
    CARD_FINGERPRINT_KEY: '',
    RATE_LIMIT_SCALE: '1',
    LOG_LEVEL: 'error',
  });
  return { app: createApp({ db: pool.db, config }), database: { ...database, db: pool.db }, config, close: async () => {} };
}

beforeAll(async () => {
  database = await freshDatabase(5);
  first = instance(1);
  second = instance(2);
});
afterAll(async () => {
  for (const pool of pools) await pool.close();
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('secrets created once in the database', () => {
  it('a session made on one instance works on the other, and refreshes there', async () => {
    const email = await signup(first);
    const user = await login(first, email);
    expect((await call(second, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).status).toBe(200);
    expect((await call(second, 'POST', '/front-api/auth/refresh/', undefined, { cookie: user.refreshCookie })).status).toBe(200);
  });

  it('keeps two different keys, and a card added on one is recognised on the other', async () => {
    const email = await signup(first);
    const user = await login(first, email);
    expect((await call(first, 'POST', '/api/v1/verify/', { card: '4111 1111 1111 1111' }, { token: user.access })).status).toBe(201);
    const keys = await database.db.execute<{ name: string; value: string }>(sql`select name, value from server_secrets order by name`);
    expect(keys.rows.map((row) => row.name)).toEqual(['access_token_key', 'card_fingerprint_key', 'requisite_search_key']);
    expect(new Set(keys.rows.map((row) => row.value)).size).toBe(3);
    const again = await call(second, 'POST', '/en/api/v1/verify/', { card: '4111-1111-1111-1111' }, { token: user.access });
    expect(again.status).toBe(400);
    expect(again.body.card).toEqual(['This card has already been added.']);
  });

  it('creates a secret once even when many ask at the same time', async () => {
    const name = `race_${randomBytes(3).toString('hex')}` as Parameters<typeof sharedSecret>[1];
    const values = await Promise.all(pools.flatMap((pool) => Array.from({ length: 5 }, () => sharedSecret(pool.db, name))));
    expect(new Set(values).size).toBe(1);
  });
});

describe('one budget for all instances', () => {
  it('counts failed sign-ins from one address on either instance together', async () => {
    const email = await signup(first);
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const app = index % 2 === 0 ? first : second;
      statuses.push((await call(app, 'POST', '/front-api/auth/login/', { email, password: `wrong-${index}-Harbor` }, { ip })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await call(second, 'POST', '/front-api/auth/login/', { email, password: PASSWORD }, { ip: uniqueIp() })).status).toBe(200);
  });

  it('counts requests to a rate-limited route on either instance together', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    // Password restore allows 5 requests per address in its window.
    for (let index = 0; index < 8; index += 1) {
      const app = index % 2 === 0 ? first : second;
      statuses.push((await call(app, 'POST', '/api/v1/users/restore/', { email: 'nobody@example.com' }, { ip })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('uploads in the database', () => {
  it('a receipt uploaded through one instance is there for the other', async () => {
    const created = await call(first, 'POST', '/api/v1/claim/', await validClaim(first, 'BTC', 'SBERRUB'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpegImage())]), 'receipt.jpg');
    expect((await call(first, 'POST', `/api/v1/claim/${created.body.uuid}/bill/`, undefined, asCreator(created.body.uuid, { raw: form }))).status).toBe(200);
    expect((await call(second, 'GET', `/api/v1/claim/${created.body.uuid}/status/`)).body.billUploaded).toBe(true);
    const receipt = await readReceipt(pools[1]!.db, created.body.uuid);
    expect(receipt?.mime).toBe('image/jpeg');
    expect(receipt!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
