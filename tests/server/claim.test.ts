// /api/v1/claim/: creation with server-side amounts, limits, reserves, requisites, promo and referral codes,
// account linking, the verified rate; then form, requisite, status, confirm, bill upload and captcha.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, compare, giveMaximum, receiveFromGive, withPercent } from '../../src/domain/money.ts';
import { runOps } from '../../server/ops/commands.ts';
import { invalidateCatalog } from '../../server/catalogue/catalog.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser } from './support/accounts.ts';
import { claimRow, currencyId, eventsOf, pairOf, validClaim } from './support/claims.ts';
import { pngImage } from './support/images.ts';
import { cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

const PNG = new Uint8Array(await pngImage());

async function create(payload: unknown, options: { token?: string; prefix?: string } = {}) {
  return call(
    test,
    'POST',
    `${options.prefix ?? ''}/api/v1/claim/`,
    payload,
    options.token ? { token: options.token } : {},
  );
}

describe('POST /api/v1/claim/', () => {
  it('creates an awaiting-payment claim whose receive amount the server computed from its own course', async () => {
    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    const payload = await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: '0.01', toSumma: '999999999.99' });
    const before = Date.now();
    const reply = await create(payload);
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(['uuid']);
    const row = await claimRow(test.database.db, reply.body.uuid);
    expect(row.status).toBe('awaiting_payment');
    expect(row.to_summa).toBe(receiveFromGive('0.01', pair.course, pair.to.roundCalculator));
    expect(row.course).toBe(pair.course);
    expect(new Date(row.deadline).getTime()).toBeGreaterThanOrEqual(before + 1800_000 - 5000);
    expect(new Date(row.deadline).getTime()).toBeLessThanOrEqual(Date.now() + 1800_000 + 5000);
    expect(row.to_requisites).toEqual({ card: '4276381260441970', name: 'Ivan Petrov' });
    expect(await eventsOf(test.database.db, reply.body.uuid)).toEqual([
      { from_status: null, to_status: 'awaiting_payment', actor: 'client' },
    ]);
  });

  it('ignores a course or amount the client made up (unknown fields are refused, toSumma is recomputed)', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', toSumma: '1000000' });
    const tampered = await create({ ...payload, course: '1000000' });
    expect(tampered.status).toBe(400);
    expect(tampered.body.course).toHaveLength(1);
    const reply = await create(payload);
    expect(reply.status).toBe(201);
    const pair = await pairOf(test, 'USDTTRC20', 'SBERRUB');
    expect((await claimRow(test.database.db, reply.body.uuid)).to_summa).toBe(receiveFromGive('100', pair.course, 2));
  });

  it('refuses amounts below the minimum and above the maximum, naming the limit', async () => {
    const low = await create(await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: '0.0001' }));
    expect(low.status).toBe(400);
    expect(low.body.fromSumma[0]).toMatch(/Минимальная сумма — 0,0005 BTC/);
    // The give side allows 5 BTC, but the receive side's 1,500,000 RUB caps it lower.
    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    const max = giveMaximum({ max: pair.from.max, decimals: 8 }, { max: pair.to.max }, pair.course)!;
    expect(compare(max, '5')).toBe(-1);
    const high = await create(await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: add(max, '0.00000001') }), {
      prefix: '/en',
    });
    expect(high.status).toBe(400);
    expect(high.body).toEqual({ fromSumma: [`The maximum amount is ${max} BTC.`] });
    expect((await create(await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: max }))).status).toBe(201);
    const precise = await create(await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: '0.123456789' }));
    expect(precise.status).toBe(400);
    expect(precise.body.fromSumma).toHaveLength(1);
  });

  it('derives the give minimum from the receive side when only that is set (roubles → BTC)', async () => {
    const pair = await pairOf(test, 'SBERRUB', 'BTC');
    expect(pair.from.min).toBeNull();
    expect(pair.to.min).toBe('0.0005');
    const below = await create(await validClaim(test, 'SBERRUB', 'BTC', { fromSumma: '3000' }));
    expect(below.status).toBe(400);
    const enough = await create(await validClaim(test, 'SBERRUB', 'BTC', { fromSumma: '10000' }));
    expect(enough.status).toBe(201);
  });

  it('refuses a claim the reserve cannot pay', async () => {
    const out = () => undefined;
    // Open claims of earlier tests hold part of the reserve: 0.001 BTC above that is what stays available.
    const held = await test.database.db.execute<{ held: string }>(
      sql`select held::text from reserve_balances where currency_id = ${await currencyId(test.database.db, 'BTC')}`,
    );
    const reserve = add(held.rows[0]!.held, '0.001');
    expect(await runOps(['reserves', 'set', 'BTC', reserve], { db: test.database.db, operator: await cliOperator(test.database.db), out })).toBe(0);
    try {
      const reply = await create(await validClaim(test, 'SBERRUB', 'BTC', { fromSumma: '100000' }), { prefix: '/en' });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ toSumma: ['Not enough reserve: 0.001 BTC available.'] });
    } finally {
      await runOps(['reserves', 'set', 'BTC', '12.5'], { db: test.database.db, operator: await cliOperator(test.database.db), out });
    }
  });

  it('checks the visible requisites of each side and reports errors nested by field', async () => {
    const payload = await validClaim(test, 'BTC', 'SBERRUB');
    const reply = await create(
      { ...payload, toRequisites: { card: '4276 3812 6044 1971', name: '' } },
      { prefix: '/en' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      toRequisites: { card: ['The card number fails its check digit: look for a typo.'], name: ['This field is required.'] },
    });

    const toBtc = await validClaim(test, 'SBERRUB', 'BTC', { fromSumma: '10000' });
    const badAddress = await create({
      ...toBtc,
      toRequisites: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      fromRequisites: { card: '1234' },
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body).toEqual({
      fromRequisites: { card: ['В номере карты от 16 до 19 цифр.'] },
      toRequisites: { address: ['Это адрес сети Ethereum (ERC20), а нужен адрес сети Bitcoin.'] },
    });
  });

  it('neither requires nor stores a hidden field', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'TON', { fromSumma: '50' });
    const reply = await create({
      ...payload,
      toRequisites: { ...payload.toRequisites, memo: '∞'.repeat(150), extra: 'x' },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys((await claimRow(test.database.db, reply.body.uuid)).to_requisites)).toEqual(['address']);
  });

  it('refuses unknown currencies, a direction that does not exist and a bad e-mail', async () => {
    const payload = await validClaim(test, 'BTC', 'SBERRUB');
    const unknown = await create({ ...payload, fromPs: 99999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fromPs).toHaveLength(1);
    const sber = await currencyId(test.database.db, 'SBERRUB');
    const sameSide = await create({ ...payload, fromPs: sber, toPs: sber }, { prefix: '/en' });
    expect(sameSide.body.toPs).toEqual(['This exchange direction is not available.']);
    const email = await create({ ...payload, email: 'not-an-email' });
    expect(email.body).toEqual({ email: ['В адресе e-mail один знак @ между именем и доменом, например name@example.com.'] });
  });

  it('applies a promo code to the course and refuses an unknown one', async () => {
    const pair = await pairOf(test, 'USDTTRC20', 'SBERRUB');
    const reply = await create(
      await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', promocode: 'welcome' }),
    );
    expect(reply.status).toBe(201);
    const row = await claimRow(test.database.db, reply.body.uuid);
    const course = withPercent(pair.course, '0.5');
    expect(row.course).toBe(course);
    expect(row.to_summa).toBe(receiveFromGive('100', course, 2));
    expect(row.promocode).toBe('WELCOME');

    const unknown = await create(
      await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', promocode: 'NOPE' }),
      { prefix: '/en' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ promocode: ['The promo code is invalid or already used.'] });
  });

  it('links the claim to the partner of a referral code and ignores an unknown code', async () => {
    const partner = await newUser(test);
    const [code] = (
      await test.database.db.execute<{ referral_code: string }>(
        sql`select referral_code from users where id = ${partner.id}`,
      )
    ).rows;
    const reply = await create(await validClaim(test, 'BTC', 'SBERRUB', { refferal: code!.referral_code }));
    expect(reply.status).toBe(201);
    expect((await claimRow(test.database.db, reply.body.uuid)).referrer_id).toBe(partner.id);
    const unknown = await create(await validClaim(test, 'BTC', 'SBERRUB', { refferal: 'NO-SUCH-CODE' }));
    expect(unknown.status).toBe(201);
    expect((await claimRow(test.database.db, unknown.body.uuid)).referrer_id).toBeNull();
  });

  it('belongs to the signed-in user only, never to the account of the e-mail a guest typed', async () => {
    const user = await newUser(test);
    const signedIn = await create(await validClaim(test, 'BTC', 'SBERRUB', { email: 'other@example.com' }), {
      token: user.access,
    });
    expect((await claimRow(test.database.db, signedIn.body.uuid)).user_id).toBe(user.id);
    const byEmail = await create(await validClaim(test, 'BTC', 'SBERRUB', { email: user.email.toUpperCase() }));
    expect((await claimRow(test.database.db, byEmail.body.uuid)).user_id).toBeNull();
    const stranger = await create(await validClaim(test, 'BTC', 'SBERRUB', { email: 'nobody@example.com' }), {
      token: 'not-a-token',
    });
    expect(stranger.status).toBe(201);
    expect((await claimRow(test.database.db, stranger.body.uuid)).user_id).toBeNull();
  });

  it('gives the verified course only to verified users, with the verified minimum', async () => {
    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    expect(pair.verificationCourse).not.toBeNull();
    const payload = await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: '0.002', withVerificationCourse: true });
    const anonymous = await create(payload);
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.withVerificationCourse).toHaveLength(1);
    const user = await newUser(test);
    const unverified = await create(payload, { token: user.access });
    expect(unverified.status).toBe(400);
    await test.database.db.execute(sql`update users set verified = true where id = ${user.id}`);
    const belowVerifiedMin = await create({ ...payload, fromSumma: '0.0007' }, { token: user.access });
    expect(belowVerifiedMin.status).toBe(400);
    expect(belowVerifiedMin.body.fromSumma[0]).toMatch(/0,001 BTC/);
    const verified = await create(payload, { token: user.access });
    expect(verified.status).toBe(201);
    const row = await claimRow(test.database.db, verified.body.uuid);
    expect(row.course).toBe(pair.verificationCourse);
    expect(row.with_verification_course).toBe(true);
    expect(row.to_summa).toBe(receiveFromGive('0.002', pair.verificationCourse!, 2));

    const noVerifiedRate = await create(await validClaim(test, 'LTC', 'YAMRUB', { withVerificationCourse: true }), {
      token: user.access,
    });
    expect(noVerifiedRate.status).toBe(400);
  });

  it('is refused during maintenance with the operator message', async () => {
    await test.database.db.execute(
      sql`update site_settings set value = '{"enabled":true,"messageRu":"Работы до 12:00","messageEn":"Back at noon"}' where key = 'maintenance'`,
    );
    invalidateCatalog(test.database.db);
    try {
      const reply = await create(await validClaim(test, 'BTC', 'SBERRUB'), { prefix: '/en' });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ detail: 'Back at noon' });
    } finally {
      await test.database.db.execute(
        sql`update site_settings set value = '{"enabled":false,"messageRu":null,"messageEn":null}' where key = 'maintenance'`,
      );
      invalidateCatalog(test.database.db);
    }
  });
});

describe('a created claim', () => {
  let uuid: string;
  let pay: Awaited<ReturnType<typeof validClaim>>;

  beforeAll(async () => {
    pay = await validClaim(test, 'BTC', 'SBERRUB', { fromSumma: '0.0125' });
    uuid = (await create(pay)).body.uuid;
  });

  it('shows its form in the caller language', async () => {
    const ru = await call(test, 'GET', `/api/v1/claim/${uuid}/form/`);
    expect(ru.status).toBe(200);
    expect(ru.body).toMatchObject({
      uuid,
      status: 'awaiting_payment',
      email: 'client@example.com',
      withVerificationCourse: false,
      promocode: null,
    });
    expect(ru.body.from).toMatchObject({ summa: '0.0125', currency: { code: 'BTC' }, requisites: {} });
    expect(ru.body.to.currency.name).toBe('Сбербанк');
    const en = await call(test, 'GET', `/en/api/v1/claim/${uuid}/form/`);
    expect(en.body.to.currency.name).toBe('Sberbank');
    expect(en.body.to.summa).toBe(receiveFromGive('0.0125', en.body.course, 2));
  });

  it('tells where to pay, with a QR text for coins', async () => {
    const reply = await call(test, 'GET', `/en/api/v1/claim/${uuid}/requisite/`);
    expect(reply.status).toBe(200);
    const address = reply.body.payTo.find((row: { name: string }) => row.name === 'address');
    expect(address.label).toBe('Wallet address');
    expect(reply.body.summa).toBe('0.0125');
    expect(reply.body.qr).toBe(`bitcoin:${address.value}?amount=0.0125`);
    expect(reply.body.comment).toMatch(/exactly the amount/);

    const rub = (await create(await validClaim(test, 'SBERRUB', 'BTC', { fromSumma: '10000' }))).body.uuid;
    const card = await call(test, 'GET', `/api/v1/claim/${rub}/requisite/`);
    expect(card.body.qr).toBeNull();
    expect(card.body.payTo.map((row: { name: string }) => row.name)).toEqual(['card', 'name']);
  });

  it('reports its status with the server time', async () => {
    const reply = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`);
    expect(reply.body).toMatchObject({ status: 'awaiting_payment', reason: null, billUploaded: false });
    expect(Math.abs(new Date(reply.body.serverTime).getTime() - Date.now())).toBeLessThan(5000);
  });

  it('accepts a receipt image into the database and refuses other files', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), '../../evil.png');
    const reply = await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: form }));
    expect(reply.status).toBe(200);
    const receipts = async () => (await test.database.db.execute(sql`select mime from claim_receipts where claim_uuid = ${uuid}`)).rows;
    expect(await receipts()).toEqual([{ mime: 'image/png' }]);
    expect((await call(test, 'GET', `/api/v1/claim/${uuid}/status/`)).body.billUploaded).toBe(true);

    const text = new FormData();
    text.append('file', new Blob(['<?php echo 1; ?>'], { type: 'image/png' }), 'x.png');
    const refused = await call(test, 'POST', `/en/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: text }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ file: ['Upload a JPEG, PNG or WebP image.'] });
    const missing = await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: new FormData() }));
    expect(missing.status).toBe(400);
    expect(missing.body.file).toHaveLength(1);
    const json = await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, { file: 'x' }, asCreator(uuid));
    expect(json.status).toBe(415);
    const huge = new FormData();
    huge.append('file', new Blob([PNG, new Uint8Array(11 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const tooBig = await call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: huge }));
    expect(tooBig.status).toBe(413);
    expect(await receipts()).toHaveLength(1);
  });

  it('moves to paid when the client confirms, once, and logs the event', async () => {
    const reply = await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid));
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('paid');
    const again = await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, {}, asCreator(uuid));
    expect(again.body.status).toBe('paid');
    expect(await eventsOf(test.database.db, uuid)).toEqual([
      { from_status: null, to_status: 'awaiting_payment', actor: 'client' },
      { from_status: 'awaiting_payment', to_status: 'paid', actor: 'client' },
    ]);
  });

  it('cannot be confirmed once final, nor after its payment window', async () => {
    await test.database.db.execute(sql`update claims set status = 'completed' where uuid = ${uuid}`);
    const done = await call(test, 'POST', `/en/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid));
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('invalid_status');

    const late = (await create(pay)).body.uuid;
    await test.database.db.execute(sql`update claims set deadline = now() - interval '1 second' where uuid = ${late}`);
    const reply = await call(test, 'POST', `/en/api/v1/claim/${late}/confirm/`, undefined, asCreator(late));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      detail:
        'The waiting time for payment has expired. If you still want to exchange, please create a new application.',
      code: 'claim_expired',
    });
    expect((await claimRow(test.database.db, late)).status).toBe('expired');
    expect((await eventsOf(test.database.db, late)).at(-1)).toEqual({
      from_status: 'awaiting_payment',
      to_status: 'expired',
      actor: 'system',
    });
  });

  it('is canceled by the client while it awaits payment, and only then', async () => {
    const open = (await create(pay)).body.uuid;
    const reply = await call(test, 'POST', `/api/v1/claim/${open}/cancel/`, undefined, asCreator(open));
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('canceled');
    expect((await call(test, 'POST', `/api/v1/claim/${open}/cancel/`, undefined, asCreator(open))).body.status).toBe('canceled');
    expect((await eventsOf(test.database.db, open)).at(-1)).toEqual({
      from_status: 'awaiting_payment',
      to_status: 'canceled',
      actor: 'client',
    });

    const paid = (await create(pay)).body.uuid;
    await call(test, 'POST', `/api/v1/claim/${paid}/confirm/`, undefined, asCreator(paid));
    const refused = await call(test, 'POST', `/en/api/v1/claim/${paid}/cancel/`, undefined, asCreator(paid));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'This request can no longer be canceled.', code: 'invalid_status' });
    expect((await claimRow(test.database.db, paid)).status).toBe('paid');
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      for (const [method, suffix] of [
        ['GET', 'form/'],
        ['GET', 'requisite/'],
        ['GET', 'status/'],
        ['POST', 'confirm/'],
        ['POST', 'cancel/'],
      ] as const) {
        const reply = await call(test, method, `/en/api/v1/claim/${encodeURIComponent(id)}/${suffix}`);
        expect(reply.status, `${method} ${id} ${suffix}`).toBe(404);
        expect(reply.body).toEqual({ detail: 'Request not found.' });
      }
    }
  });
});

describe('captcha', () => {
  let provider: Server;
  let answers: string[] = [];

  beforeAll(async () => {
    // A stand-in for the captcha provider: solves the token "solved" always, a "once-…" token the first time only.
    const spent = new Set<string>();
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        answers.push(body);
        const token = new URLSearchParams(body).get('token') ?? '';
        const solved = token === 'solved' || (token.startsWith('once-') && !spent.has(token));
        spent.add(token);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: solved ? 'ok' : 'failed' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    provider.close();
    answers = [];
  });

  it('is off without a secret', async () => {
    const reply = await call(test, 'GET', '/api/v1/claim/captchacheck');
    expect(reply.body).toEqual({ enabled: false, siteKey: null });
  });

  it('guards claim creation when a secret is configured', async () => {
    const port = (provider.address() as AddressInfo).port;
    const guarded = await startTestApp({
      CAPTCHA_SECRET: 'server-secret',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/validate`,
    });
    try {
      expect((await call(guarded, 'GET', '/api/v1/claim/captchacheck')).body).toEqual({
        enabled: true,
        siteKey: 'site-key',
      });
      const payload = await validClaim(guarded, 'BTC', 'SBERRUB');
      const missing = await call(guarded, 'POST', '/en/api/v1/claim/', payload);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ recaptcha: ['Please confirm you are not a robot.'] });
      const wrong = await call(guarded, 'POST', '/api/v1/claim/', { ...payload, recaptcha: 'guess' });
      expect(wrong.status).toBe(400);
      const solved = await call(guarded, 'POST', '/api/v1/claim/', { ...payload, recaptcha: 'solved' });
      expect(solved.status).toBe(201);
      expect(answers.at(-1)).toContain('secret=server-secret');
    } finally {
      await guarded.close();
    }
  });

  it('answers a retried submit with the claim its first attempt made, though that attempt spent the captcha', async () => {
    const port = (provider.address() as AddressInfo).port;
    const guarded = await startTestApp({
      CAPTCHA_SECRET: 'server-secret',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/validate`,
    });
    try {
      const payload = { ...(await validClaim(guarded, 'BTC', 'SBERRUB', { email: 'retry@example.com' })), recaptcha: 'once-1' };
      const headers = { 'idempotency-key': 'retried-submit-1' };
      const first = await call<{ uuid: string }>(guarded, 'POST', '/api/v1/claim/', payload, { headers });
      expect(first.status).toBe(201);
      const retry = await call<{ uuid: string }>(guarded, 'POST', '/api/v1/claim/', payload, { headers });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.uuid).toBe(first.body.uuid);
      // The spent captcha still creates nothing under a new key.
      const again = await call(guarded, 'POST', '/api/v1/claim/', payload, { headers: { 'idempotency-key': 'retried-submit-2' } });
      expect(again.status).toBe(400);
      const made = await guarded.database.db.execute(sql`select uuid from claims where email = 'retry@example.com'`);
      expect(made.rows).toEqual([{ uuid: first.body.uuid }]);
    } finally {
      await guarded.close();
    }
  });
});
