// The claim page's calls carry no access token (docs/product.md §6): the creator is known by the capability cookie its
// claim's creation set (HttpOnly, SameSite=Strict, scoped to that claim's API path in both languages, kept hashed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, cookiePair, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { pngImage } from './support/images.ts';

let test: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  test = await startTestApp();
  owner = await newUser(test);
});
afterAll(async () => {
  await test.close();
});

interface Created {
  uuid: string;
  setCookies: string[];
  cookie: string;
}

async function create(token?: string): Promise<Created> {
  const payload = await validClaim(test, 'BTC', 'SBERRUB', { email: 'client@example.com' });
  const reply = await call(test, 'POST', '/api/v1/claim/', payload, token ? { token } : {});
  expect(reply.status).toBe(201);
  const cookie = cookiePair(reply.cookies, 'claim_capability');
  expect(cookie).not.toBeNull();
  return { uuid: reply.body.uuid, setCookies: reply.cookies, cookie: cookie! };
}

function billForm(image: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bill.png');
  return form;
}

describe('the capability cookie set when a claim is created', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the claim API path in both languages, and kept only as a hash', async () => {
    const { uuid, setCookies, cookie } = await create(owner.access);
    const lines = setCookies.filter((line) => line.startsWith('claim_capability='));
    expect(lines.map((line) => /Path=([^;]+)/.exec(line)?.[1]).sort()).toEqual([
      `/api/v1/claim/${uuid}/`,
      `/en/api/v1/claim/${uuid}/`,
    ]);
    for (const line of lines) {
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
    }
    const token = cookie.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await test.database.db.execute<{ capability_hash: string }>(
      sql`select capability_hash from claims where uuid = ${uuid}`,
    );
    expect(stored.rows[0]!.capability_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.capability_hash).not.toContain(token);
  });

  it('is set for a guest claim too, and shows its creator the requisites in full without a token', async () => {
    const { uuid, cookie } = await create();
    const withCookie = await call(test, 'GET', `/api/v1/claim/${uuid}/form/`, undefined, { cookie });
    expect(withCookie.body.to.requisites).toEqual({ card: '4276381260441970', name: 'Ivan Petrov' });
    expect(withCookie.body.owner).toBe(true);
    expect(withCookie.headers.get('cache-control')).toContain('no-store');
    const without = await call(test, 'GET', `/api/v1/claim/${uuid}/form/`);
    expect(without.body.to.requisites).toEqual({ card: '427638******1970', name: 'Ivan P.' });
    expect(without.body.owner).toBe(false);
  });

  it('lets the signed-in creator confirm, cancel and upload with the cookie and no token', async () => {
    const paid = await create(owner.access);
    const form = await call(test, 'GET', `/en/api/v1/claim/${paid.uuid}/form/`, undefined, { cookie: paid.cookie });
    expect(form.body).toMatchObject({ owner: true });
    const bill = await call(test, 'POST', `/api/v1/claim/${paid.uuid}/bill/`, undefined, {
      raw: billForm(await pngImage()),
      cookie: paid.cookie,
    });
    expect(bill.status).toBe(200);
    const confirm = await call(test, 'POST', `/api/v1/claim/${paid.uuid}/confirm/`, undefined, { cookie: paid.cookie });
    expect(confirm.body.status).toBe('paid');
    const canceled = await create(owner.access);
    const cancel = await call(test, 'POST', `/en/api/v1/claim/${canceled.uuid}/cancel/`, undefined, {
      cookie: canceled.cookie,
    });
    expect(cancel.body.status).toBe('canceled');
  });

  it("refuses a stranger holding the link, or another claim's cookie, and changes nothing", async () => {
    const victim = await create(owner.access);
    const strangers = await create();
    for (const options of [{}, { cookie: strangers.cookie }, { cookie: 'claim_capability=forged' }]) {
      const cancel = await call(test, 'POST', `/api/v1/claim/${victim.uuid}/cancel/`, undefined, options);
      expect(cancel.status).toBe(403);
      expect(cancel.body.code).toBe('not_claim_owner');
      const confirm = await call(test, 'POST', `/en/api/v1/claim/${victim.uuid}/confirm/`, undefined, options);
      expect(confirm.status).toBe(403);
      expect(confirm.body.detail).toMatch(/Only the owner/);
      const bill = await call(test, 'POST', `/api/v1/claim/${victim.uuid}/bill/`, undefined, {
        ...options,
        raw: billForm(await pngImage()),
      });
      expect(bill.status).toBe(403);
    }
    const row = await claimRow(test.database.db, victim.uuid);
    expect(row.status).toBe('awaiting_payment');
    expect(row.bill_uploaded_at).toBeNull();
  });

  it('is not given again by an Idempotency-Key replay', async () => {
    const payload = await validClaim(test, 'BTC', 'SBERRUB', { email: 'client@example.com' });
    const headers = { 'idempotency-key': `capability-${Date.now()}` };
    const first = await call(test, 'POST', '/api/v1/claim/', payload, { token: owner.access, headers });
    expect(cookiePair(first.cookies, 'claim_capability')).not.toBeNull();
    const replay = await call(test, 'POST', '/api/v1/claim/', payload, { token: owner.access, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(cookiePair(replay.cookies, 'claim_capability')).toBeNull();
  });
});
