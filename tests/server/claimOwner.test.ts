// Who sees what of a claim and who may change it: the link shows masked requisites to anyone, the signed-in owner
// sees them in full, and every claim is confirmed, canceled or given a receipt by its creator only: a signed-in
// user's by that account (or its browser's capability cookie), a guest's by the browser that created it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { asCreator } from './support/claimCreator.ts';
import { pngImage } from './support/images.ts';

let test: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  test = await startTestApp();
  owner = await newUser(test);
  stranger = await newUser(test);
});
afterAll(async () => {
  await test.close();
});

async function create(from: string, to: string, token?: string): Promise<string> {
  const payload = await validClaim(test, from, to, { email: 'client@example.com' });
  const reply = await call(test, 'POST', '/api/v1/claim/', payload, token ? { token } : {});
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

describe('the claim page data', () => {
  it('masks the card (first 6 + last 4) and shortens the name for anyone with the link', async () => {
    const uuid = await create('BTC', 'SBERRUB', owner.access);
    for (const options of [{}, { token: stranger.access }]) {
      const reply = await call(test, 'GET', `/api/v1/claim/${uuid}/form/`, undefined, options);
      expect(reply.status).toBe(200);
      expect(reply.body.to.requisites).toEqual({ card: '427638******1970', name: 'Ivan P.' });
      expect(reply.body).toMatchObject({ owner: false });
    }
  });

  it('shows the requisites in full to the signed-in owner, kept from shared caches', async () => {
    const uuid = await create('BTC', 'SBERRUB', owner.access);
    const reply = await call(test, 'GET', `/en/api/v1/claim/${uuid}/form/`, undefined, { token: owner.access });
    expect(reply.body.to.requisites).toEqual({ card: '4276381260441970', name: 'Ivan Petrov' });
    expect(reply.body.owner).toBe(true);
    expect(reply.headers.get('cache-control')).toContain('no-store');
  });

  it('masks the sender card of a money → coins claim too', async () => {
    const uuid = await create('SBERRUB', 'BTC');
    const reply = await call(test, 'GET', `/api/v1/claim/${uuid}/form/`);
    expect(reply.body.from.requisites.card).toBe('427638******1970');
    expect(reply.body.to.requisites.address).toMatch(/^bc1q/);
  });

  it('carries the status history with times, oldest first', async () => {
    const uuid = await create('BTC', 'SBERRUB');
    expect((await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid))).status).toBe(200);
    const reply = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`);
    expect(reply.body.history.map((step: { status: string }) => step.status)).toEqual(['awaiting_payment', 'paid']);
    const times = reply.body.history.map((step: { at: string }) => Date.parse(step.at));
    expect(times[1]).toBeGreaterThanOrEqual(times[0]);
    expect(Math.abs(times[0] - Date.now())).toBeLessThan(60_000);
  });
});

describe('changing a claim created while signed in', () => {
  it('refuses a guest and another user (403, translated) and changes nothing', async () => {
    const uuid = await create('BTC', 'SBERRUB', owner.access);
    const guest = await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`);
    expect(guest.status).toBe(403);
    expect(guest.body.detail).toMatch(/владелец/);
    const other = await call(test, 'POST', `/en/api/v1/claim/${uuid}/cancel/`, undefined, { token: stranger.access });
    expect(other.status).toBe(403);
    expect(other.body.detail).toMatch(/Only the owner/);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'bill.png');
    const bill = await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, { raw: form, token: stranger.access });
    expect(bill.status).toBe(403);
    const row = await claimRow(test.database.db, uuid);
    expect(row.status).toBe('awaiting_payment');
    expect(row.bill_uploaded_at).toBeNull();
  });

  it('answers a stale token with token_not_valid, so the browser refreshes it and asks again', async () => {
    const uuid = await create('BTC', 'SBERRUB', owner.access);
    const stale = await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, { token: 'expired.token.value' });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('token_not_valid');
    expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
  });

  it('lets the owner confirm and cancel', async () => {
    const paid = await create('BTC', 'SBERRUB', owner.access);
    const confirm = await call(test, 'POST', `/api/v1/claim/${paid}/confirm/`, undefined, { token: owner.access });
    expect(confirm.status).toBe(200);
    expect(confirm.body.status).toBe('paid');
    const canceled = await create('BTC', 'SBERRUB', owner.access);
    const cancel = await call(test, 'POST', `/api/v1/claim/${canceled}/cancel/`, undefined, { token: owner.access });
    expect(cancel.body.status).toBe('canceled');
  });

});

describe('changing a claim created by a guest', () => {
  it('refuses anyone but the browser that created it (403, a next step in both languages) and changes nothing', async () => {
    const uuid = await create('BTC', 'SBERRUB');
    const signedIn = await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, { token: stranger.access });
    expect(signedIn.status).toBe(403);
    expect(signedIn.body.code).toBe('not_claim_owner');
    expect(signedIn.body.detail).toMatch(/откройте её в браузере, в котором она создана, или напишите в поддержку/);
    const guest = await call(test, 'POST', `/en/api/v1/claim/${uuid}/cancel/`);
    expect(guest.status).toBe(403);
    expect(guest.body.detail).toMatch(/open it in the browser it was created in, or write to support/);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'bill.png');
    expect((await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, { raw: form })).status).toBe(403);
    const row = await claimRow(test.database.db, uuid);
    expect(row.status).toBe('awaiting_payment');
    expect(row.bill_uploaded_at).toBeNull();
  });

  it('tells the page who may change it: the creator yes, anyone else with the link no', async () => {
    const uuid = await create('BTC', 'SBERRUB');
    expect((await call(test, 'GET', `/api/v1/claim/${uuid}/status/`, undefined, asCreator(uuid))).body.mayChange).toBe(true);
    expect((await call(test, 'GET', `/api/v1/claim/${uuid}/status/`)).body.mayChange).toBe(false);
    const signedIn = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`, undefined, { token: stranger.access });
    expect(signedIn.body.mayChange).toBe(false);
    const owned = await create('BTC', 'SBERRUB', owner.access);
    expect((await call(test, 'GET', `/api/v1/claim/${owned}/status/`, undefined, { token: owner.access })).body.mayChange).toBe(true);
  });

  it('lets the browser that created it confirm, and another of its guest claims cancel', async () => {
    const paid = await create('BTC', 'SBERRUB');
    const confirm = await call(test, 'POST', `/api/v1/claim/${paid}/confirm/`, undefined, asCreator(paid));
    expect(confirm.body).toMatchObject({ status: 'paid', mayChange: true });
    const canceled = await create('BTC', 'SBERRUB');
    expect((await call(test, 'POST', `/api/v1/claim/${canceled}/cancel/`, undefined, asCreator(canceled))).body.status).toBe('canceled');
  });
});
