// The back-office API: operator sign-in with a TOTP code (wrong, replayed, disabled, expired session), the
// cross-site refusal, an audit row per change written with it, and images served to operators only.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are checked by the assertions, not typed up front */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/operators.ts';
import { claimReceipts } from '../../server/db/schema/security.ts';
import { verificationImages, verifications } from '../../server/db/schema/verification.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator, disableOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { CLI_TEST_OPERATOR, cliOperator } from './support/cliOperator.ts';

let test: TestApp;
const PASSWORD = 'operator-pass-1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

let counter = 0;
async function newOperator() {
  counter += 1;
  return createOperator(test.database.db, CLI_ACTOR, `op${counter}@example.com`, PASSWORD);
}

/** The session cookie a sign-in sets ("ops_session=..."), or null. */
function sessionCookie(headers: Headers): string | null {
  const header = headers.getSetCookie().find((cookie) => cookie.startsWith('ops_session='));
  return header ? header.split(';')[0]! : null;
}

async function signIn(email: string, code: string, extra: Record<string, string> = {}) {
  return call(test, 'POST', '/ops-api/v1/auth/sign-in/', { email, password: PASSWORD, code }, { headers: extra });
}

/** Signs in with the code of a step not used before (each test's operator is new). */
async function session(): Promise<{ cookie: string; email: string }> {
  const operator = await newOperator();
  const reply = await signIn(operator.email, totpCode(operator.secret));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { cookie: sessionCookie(reply.headers)!, email: operator.email };
}

function as(cookie: string, headers: Record<string, string> = {}) {
  return { headers: { cookie, ...headers } };
}

async function newClaim(): Promise<string> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '500' }));
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

async function auditRows(target: string) {
  return test.database.db.select().from(auditLog).where(sql`${auditLog.target} = ${target}`).orderBy(auditLog.id);
}

describe('sign-in', () => {
  it('opens a session with the right code: HttpOnly, SameSite=Strict cookie scoped to /ops-api/', async () => {
    const operator = await newOperator();
    const reply = await signIn(operator.email, totpCode(operator.secret));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ email: operator.email, role: 'admin' });
    const header = reply.headers.getSetCookie().find((cookie) => cookie.startsWith('ops_session='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/ops-api\//);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-robots-tag')).toMatch(/noindex/);
    const me = await call(test, 'GET', '/ops-api/v1/auth/me/', undefined, as(sessionCookie(reply.headers)!));
    expect(me.body).toEqual({ email: operator.email, role: 'admin' });
    expect((await auditRows(operator.email)).map((row) => row.action)).toEqual(['operator.create', 'operator.sign_in']);
  });

  it('refuses a wrong code, a wrong password and an unknown operator with one translated message', async () => {
    const operator = await newOperator();
    const good = totpCode(operator.secret);
    const wrong = good === '000000' ? '111111' : '000000';
    const wrongCode = await signIn(operator.email, wrong);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('invalid_credentials');
    expect(sessionCookie(wrongCode.headers)).toBeNull();
    const wrongPassword = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
      email: operator.email,
      password: 'other-pass-2',
      code: good,
    });
    expect(wrongPassword.body).toEqual(wrongCode.body);
    const english = await call(test, 'POST', '/ops-api/en/v1/auth/sign-in/', { email: 'nobody@example.com', password: PASSWORD, code: good });
    expect(english.status).toBe(400);
    expect(english.body.detail).toMatch(/^Wrong e-mail, password or code/);
    expect(wrongCode.body.detail).toMatch(/^Неверные/);
  });

  it('answers missing fields with DRF field errors', async () => {
    const reply = await call(test, 'POST', '/ops-api/en/v1/auth/sign-in/', { email: '', password: PASSWORD });
    expect(reply.status).toBe(400);
    expect(reply.body.email).toEqual(['This field may not be blank.']);
    expect(reply.body.code).toEqual(['This field is required.']);
  });

  it('refuses a code that was already used (replay), even from the previous step window', async () => {
    const operator = await newOperator();
    const code = totpCode(operator.secret);
    expect((await signIn(operator.email, code)).status).toBe(200);
    const replay = await signIn(operator.email, code);
    expect(replay.status).toBe(400);
    expect(sessionCookie(replay.headers)).toBeNull();
    // The previous step's code is inside the ±1 window but older than the used one: refused too.
    const previous = totpCode(operator.secret, Date.now() - 30_000);
    expect((await signIn(operator.email, previous)).status).toBe(400);
  });

  it('refuses a disabled operator and ends its open sessions', async () => {
    const { cookie, email } = await session();
    expect(await disableOperator(test.database.db, CLI_ACTOR, email)).toBe(true);
    expect((await call(test, 'GET', '/ops-api/v1/auth/me/', undefined, as(cookie))).status).toBe(401);
    const operatorRow = await test.database.db.execute<{ totp_secret: string }>(sql`select totp_secret from operators where email = ${email}`);
    const again = await signIn(email, totpCode(operatorRow.rows[0]!.totp_secret, Date.now() + 30_000));
    expect(again.status).toBe(400);
  });

  it('ends a session idle for longer than the timeout, and after sign-out', async () => {
    const idle = await session();
    await test.database.db.execute(sql`update operator_sessions set last_seen_at = now() - interval '16 minutes'
      where operator_id = (select id from operators where email = ${idle.email})`);
    const expired = await call(test, 'GET', '/ops-api/v1/claims/', undefined, as(idle.cookie));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('not_authenticated');

    const live = await session();
    expect((await call(test, 'POST', '/ops-api/v1/auth/sign-out/', undefined, as(live.cookie))).status).toBe(200);
    expect((await call(test, 'GET', '/ops-api/v1/auth/me/', undefined, as(live.cookie))).status).toBe(401);
  });

  it('answers 401 without a session, and refuses a cross-site change', async () => {
    const none = await call(test, 'GET', '/ops-api/v1/claims/');
    expect(none.status).toBe(401);
    expect(none.headers.get('cache-control')).toBe('no-store');
    const { cookie } = await session();
    const uuid = await newClaim();
    const crossSite = await call(
      test,
      'POST',
      `/ops-api/v1/claims/${uuid}/move/`,
      { status: 'paid' },
      as(cookie, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
    expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
  });
});

describe('claims', () => {
  it('lists, searches and counts claims; moves one along the table with an audit row per move', async () => {
    const { cookie, email } = await session();
    const uuid = await newClaim();
    const list = await call(test, 'GET', `/ops-api/v1/claims/?q=${uuid.slice(0, 8)}`, undefined, as(cookie));
    expect(list.status).toBe(200);
    expect(list.body.results.map((row: any) => row.uuid)).toEqual([uuid]);
    const counts = await call(test, 'GET', '/ops-api/v1/claims/counts/', undefined, as(cookie));
    expect(counts.body.byStatus.awaiting_payment).toBeGreaterThanOrEqual(1);
    expect(counts.body.attention).toBeGreaterThanOrEqual(1);

    for (const status of ['paid', 'processing', 'completed']) {
      const moved = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status }, as(cookie));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.status).toBe(status);
    }
    const detail = await call(test, 'GET', `/ops-api/v1/claims/${uuid}/`, undefined, as(cookie));
    expect(detail.body.status).toBe('completed');
    expect(detail.body.moves).toEqual([]);
    expect(detail.body.events.map((event: any) => event.toStatus)).toEqual(['awaiting_payment', 'paid', 'processing', 'completed']);
    const rows = await auditRows(uuid);
    const moves = rows.filter((row) => row.action === 'claim.move');
    expect(moves.map((row) => [row.actor, row.action, (row.before as any).status, (row.after as any).status])).toEqual([
      [email, 'claim.move', 'awaiting_payment', 'paid'],
      [email, 'claim.move', 'paid', 'processing'],
      [email, 'claim.move', 'processing', 'completed'],
    ]);
    // The detail showed the client's payout card in full: that view is audited too.
    expect(rows.filter((row) => row.action === 'claim.card_viewed').map((row) => [row.actor, row.after])).toEqual([
      [email, { fields: ['toRequisites.card'] }],
    ]);
  });

  it('refuses a move the table forbids and a rejection without a reason, changing nothing and logging nothing', async () => {
    const { cookie } = await session();
    const uuid = await newClaim();
    const forbidden = await call(test, 'POST', `/ops-api/en/v1/claims/${uuid}/move/`, { status: 'completed' }, as(cookie));
    expect(forbidden.status).toBe(400);
    expect(forbidden.body.status[0]).toMatch(/cannot move from "awaiting_payment" to "completed"/);
    await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'paid' }, as(cookie));
    const noReason = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'rejected' }, as(cookie));
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason).toHaveLength(1);
    expect((await claimRow(test.database.db, uuid)).status).toBe('paid');
    expect((await auditRows(uuid)).map((row) => (row.after as any).status)).toEqual(['paid']);
    const rejected = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'rejected', reason: 'AML check failed' }, as(cookie));
    expect(rejected.status).toBe(200);
    expect((await claimRow(test.database.db, uuid)).reason).toBe('AML check failed');
  });

  it('the CLI writes an audit row for its moves too', async () => {
    const uuid = await newClaim();
    const code = await runOps(['claims', 'move', uuid, 'paid'], { db: test.database.db, operator: await cliOperator(test.database.db), out: () => {} });
    expect(code).toBe(0);
    expect((await auditRows(uuid)).map((row) => [row.actor, row.action])).toEqual([[CLI_TEST_OPERATOR, 'claim.move']]);
  });
});

describe('images', () => {
  it('serves a receipt to operators only, with its stored type, inline and nosniff', async () => {
    const { cookie } = await session();
    const uuid = await newClaim();
    await test.database.db.insert(claimReceipts).values({ claimUuid: uuid, mime: 'image/png', bytes: PNG });
    const detail = await call(test, 'GET', `/ops-api/v1/claims/${uuid}/`, undefined, as(cookie));
    expect(detail.body.receiptUrl).toBe(`/ops-api/v1/claims/${uuid}/receipt/`);
    const response = await test.app.request(detail.body.receiptUrl, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await test.app.request(detail.body.receiptUrl)).status).toBe(401);
  });

  it('shows a pending card verification with its photos; approval marks the user verified, with an audit row', async () => {
    const { cookie } = await session();
    const [user] = await test.database.db.execute<{ id: number }>(
      sql`insert into users (email, password_hash, activated, referral_code) values (${`card${Date.now()}@example.com`}, 'x', true, ${`R${Date.now()}`}) returning id`,
    ).then((result) => result.rows);
    const [verification] = await test.database.db
      .insert(verifications)
      .values({ userId: user!.id, cardMasked: '427638******1970', cardFingerprint: 'f'.repeat(64), status: 'pending' })
      .returning();
    await test.database.db.insert(verificationImages).values({ verificationId: verification!.id, mime: 'image/png', size: PNG.length, bytes: PNG });
    const queue = await call(test, 'GET', '/ops-api/v1/verifications/', undefined, as(cookie));
    const item = queue.body.results.find((row: any) => row.uuid === verification!.uuid);
    expect(item.cardMasked).toBe('427638******1970');
    expect(item.imageUrls).toHaveLength(1);
    const photo = await test.app.request(item.imageUrls[0], { headers: { cookie } });
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await test.app.request(item.imageUrls[0])).status).toBe(401);
    // Another verification's uuid with this photo's id: not found.
    expect((await test.app.request(item.imageUrls[0].replace(verification!.uuid, '00000000-0000-4000-8000-000000000000'), { headers: { cookie } })).status).toBe(404);

    const approved = await call(test, 'POST', `/ops-api/v1/verifications/${verification!.uuid}/approve/`, undefined, as(cookie));
    expect(approved.status).toBe(200);
    const verified = await test.database.db.execute<{ verified: boolean }>(sql`select verified from users where id = ${user!.id}`);
    expect(verified.rows[0]!.verified).toBe(true);
    expect((await auditRows(verification!.uuid)).map((row) => row.action)).toEqual(['verification.approve']);
    const twice = await call(test, 'POST', `/ops-api/v1/verifications/${verification!.uuid}/approve/`, undefined, as(cookie));
    expect(twice.status).toBe(409);
  });
});

describe('audit log', () => {
  it('lists rows newest first, filtered by action; it offers no way to change them', async () => {
    const { cookie } = await session();
    const list = await call(test, 'GET', '/ops-api/v1/audit/?action=operator.sign_in', undefined, as(cookie));
    expect(list.status).toBe(200);
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(list.body.results.every((row: any) => row.action === 'operator.sign_in')).toBe(true);
    const id = list.body.results[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await call(test, method, `/ops-api/v1/audit/${id}/`, {}, as(cookie))).status).toBe(404);
    }
  });
});

describe('catalogue', () => {
  it('changes a course and pauses a direction: the calculator follows, the audit keeps before and after', async () => {
    const { cookie } = await session();
    const directions = await call(test, 'GET', '/ops-api/v1/directions/', undefined, as(cookie));
    const direction = directions.body.find((row: any) => row.fromCode === 'USDTTRC20' && row.toCode === 'SBERRUB');
    const changed = await call(test, 'PATCH', `/ops-api/v1/directions/${direction.id}/`, { course: '95.5', active: false }, as(cookie));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ course: '95.5', active: false });
    const [row] = await auditRows('USDTTRC20-SBERRUB');
    expect(row!.action).toBe('direction.update');
    expect((row!.before as any).course).toBe(direction.course);
    expect((row!.after as any).active).toBe(false);
    const refused = await call(test, 'PATCH', `/ops-api/en/v1/directions/${direction.id}/`, { course: 'abc' }, as(cookie));
    expect(refused.status).toBe(400);
    expect(refused.body.course).toEqual(['Enter a valid number.']);
    await call(test, 'PATCH', `/ops-api/v1/directions/${direction.id}/`, { course: direction.course, active: true }, as(cookie));
  });

  it('switches card verification on a card-giving direction, and refuses it where the client gives no card', async () => {
    const { cookie } = await session();
    const directions = await call(test, 'GET', '/ops-api/v1/directions/', undefined, as(cookie));
    const cardGiving = directions.body.find((row: any) => row.fromCode === 'TCSBRUB' && row.toCode === 'ETH');
    const coinGiving = directions.body.find((row: any) => row.fromCode === 'ETH' && row.toCode === 'TCSBRUB');
    expect(cardGiving).toMatchObject({ fromKind: 'card', cardVerification: false });
    const on = await call(test, 'PATCH', `/ops-api/v1/directions/${cardGiving.id}/`, { cardVerification: true }, as(cookie));
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.cardVerification).toBe(true);
    const [row] = await auditRows('TCSBRUB-ETH');
    expect([(row!.before as any).cardVerification, (row!.after as any).cardVerification]).toEqual([false, true]);
    const refused = await call(test, 'PATCH', `/ops-api/en/v1/directions/${coinGiving.id}/`, { cardVerification: true }, as(cookie));
    expect(refused.status).toBe(400);
    expect(refused.body.cardVerification).toEqual(['Card verification can be required only where the client pays from a bank card.']);
    const after = await call(test, 'GET', '/ops-api/v1/directions/', undefined, as(cookie));
    expect(after.body.find((row: any) => row.id === coinGiving.id).cardVerification).toBe(false);
    await call(test, 'PATCH', `/ops-api/v1/directions/${cardGiving.id}/`, { cardVerification: false }, as(cookie));
  });

  it('sets a reserve, refuses one below what open claims hold, and switches maintenance', async () => {
    const { cookie } = await session();
    const reserves = await call(test, 'GET', '/ops-api/v1/reserves/', undefined, as(cookie));
    const btc = reserves.body.find((row: any) => row.code === 'BTC');
    expect(btc).toMatchObject({ code: 'BTC' });
    const set = await call(test, 'PUT', '/ops-api/v1/reserves/BTC/', { amount: '12.5', expected: btc.amount }, as(cookie));
    expect(set.status).toBe(200);
    expect(set.body.find((row: any) => row.code === 'BTC').amount).toBe('12.5');
    const negative = await call(test, 'PUT', '/ops-api/v1/reserves/BTC/', { amount: '-1', expected: '12.5' }, as(cookie));
    expect(negative.status).toBe(400);
    expect((await auditRows('BTC')).map((row) => (row.after as any).amount)).toEqual(['12.5']);

    const on = await call(test, 'PUT', '/ops-api/v1/settings/maintenance/', { enabled: true, messageRu: 'Работы', messageEn: 'Works' }, as(cookie));
    expect(on.body).toEqual({ enabled: true, messageRu: 'Работы', messageEn: 'Works' });
    const site = await call(test, 'GET', '/api/v1/calculator/tech/');
    expect(JSON.stringify(site.body)).toContain('Работы');
    await call(test, 'PUT', '/ops-api/v1/settings/maintenance/', { enabled: false, messageRu: null, messageEn: null }, as(cookie));
    expect((await auditRows('maintenance')).map((row) => (row.after as any).enabled)).toEqual([true, false]);
  });
});

describe('promo codes and withdrawals', () => {
  it('creates a promo code once (audited) and lists it; a duplicate is a field error', async () => {
    const { cookie } = await session();
    const body = { code: 'opsbonus', percent: '1.5', uses: 3, email: null, days: 7 };
    const created = await call(test, 'POST', '/ops-api/v1/promocodes/', body, as(cookie));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ code: 'OPSBONUS' });
    const list = await call(test, 'GET', '/ops-api/v1/promocodes/', undefined, as(cookie));
    expect(list.body.find((row: any) => row.code === 'OPSBONUS')).toMatchObject({ percent: '1.5', usesLeft: 3 });
    // Seven days by the database's clock, which judges the code's use too.
    const expiry = await test.database.db.execute<{ left_s: number }>(
      sql`select extract(epoch from expires_at - now())::float as left_s from promocodes where code = 'OPSBONUS'`,
    );
    expect(Math.abs(expiry.rows[0]!.left_s - 7 * 86_400)).toBeLessThan(60);
    const again = await call(test, 'POST', '/ops-api/en/v1/promocodes/', body, as(cookie));
    expect(again.status).toBe(400);
    expect(again.body.code).toEqual(['This promo code already exists.']);
    expect((await auditRows('OPSBONUS')).map((row) => row.action)).toEqual(['promocode.create']);
    const fifty = { ...body, code: 'HALFAGAIN', percent: '50' };
    const refused = await call(test, 'POST', '/ops-api/v1/promocodes/', fifty, as(cookie));
    expect(refused.status).toBe(400);
    expect(refused.body.percent).toEqual(['Процент промокода — больше 0 и не больше 20.']);
    expect((await call(test, 'POST', '/ops-api/en/v1/promocodes/', fifty, as(cookie))).body.percent).toEqual([
      "A promo code's percent is above 0 and at most 20.",
    ]);
    expect(await auditRows('HALFAGAIN')).toEqual([]);
  });

  it('an unknown withdrawal cannot be paid', async () => {
    const { cookie } = await session();
    const reply = await call(test, 'POST', '/ops-api/v1/withdrawals/999999/pay/', undefined, as(cookie));
    expect(reply.status).toBe(404);
    const list = await call(test, 'GET', '/ops-api/v1/withdrawals/', undefined, as(cookie));
    expect(list.status).toBe(200);
  });

  it('a session ends after its maximum lifetime however active', async () => {
    const { cookie, email } = await session();
    await test.database.db.execute(sql`update operator_sessions set created_at = now() - interval '13 hours'
      where operator_id = (select id from operators where email = ${email})`);
    expect((await call(test, 'GET', '/ops-api/v1/auth/me/', undefined, as(cookie))).status).toBe(401);
  });
});

describe('verification rejection', () => {
  it('needs a reason, which the owner then reads on the verification status', async () => {
    const { cookie } = await session();
    const [user] = await test.database.db
      .execute<{ id: number }>(
        sql`insert into users (email, password_hash, activated, referral_code) values (${`reject${Date.now()}@example.com`}, 'x', true, ${`J${Date.now()}`}) returning id`,
      )
      .then((result) => result.rows);
    const [verification] = await test.database.db
      .insert(verifications)
      .values({ userId: user!.id, cardMasked: '400000******0002', cardFingerprint: 'e'.repeat(64), status: 'pending' })
      .returning();
    const path = `/ops-api/en/v1/verifications/${verification!.uuid}/reject/`;
    const blank = await call(test, 'POST', path, { reason: '  ' }, as(cookie));
    expect(blank.status).toBe(400);
    expect(blank.body.reason).toEqual(['This field may not be blank.']);
    const rejected = await call(test, 'POST', path, { reason: 'The date is not visible' }, as(cookie));
    expect(rejected.status).toBe(200);
    const row = await test.database.db.execute<{ status: string; reason: string }>(
      sql`select status, reason from verifications where id = ${verification!.id}`,
    );
    expect(row.rows[0]).toEqual({ status: 'rejected', reason: 'The date is not visible' });
    expect((await auditRows(verification!.uuid)).map((entry) => [entry.action, (entry.after as any).reason])).toEqual([
      ['verification.reject', 'The date is not visible'],
    ]);
  });
});
