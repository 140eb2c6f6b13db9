// Late payments and the payment/payout problems: an expired claim whose money arrived is moved to paid late, then
// either re-priced at the current course (amounts recomputed by the server, the reserve hold taken again in the
// same statement, recorded and mailed) or returned (refund details required); a reserve that cannot cover the new
// price refuses and changes nothing; every move the client reads a reason of needs one, from the CLI and the console.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are checked by the assertions, not typed up front */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compare, receiveFromGive, withPercent } from '../../src/domain/money.ts';
import { expireClaims } from '../../server/claims/expiry.ts';
import { sendClaimMails } from '../../server/claims/mailOutbox.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { runOps } from '../../server/ops/commands.ts';
import { uniqueEmail, waitForMail } from './support/accounts.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, currencyId, validClaim } from './support/claims.ts';
import { CLI_TEST_OPERATOR, cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

async function heldOf(code: string): Promise<string> {
  const id = await currencyId(test.database.db, code);
  const result = await test.database.db.execute<{ held: string }>(sql`select held::text from reserve_balances where currency_id = ${id}`);
  return result.rows[0]!.held;
}

/** What a claim has written besides itself: events, mails and its re-price record. */
async function traces(uuid: string): Promise<{ events: number; mails: number; repricings: number }> {
  const result = await test.database.db.execute<{ events: number; mails: number; repricings: number }>(sql`
    select (select count(*)::int from claim_events where claim_uuid = ${uuid}) as events,
      (select count(*)::int from claim_mails where claim_uuid = ${uuid}) as mails,
      (select count(*)::int from claim_repricings where claim_uuid = ${uuid}) as repricings`);
  return result.rows[0]!;
}

async function directionCourse(): Promise<string> {
  const result = await test.database.db.execute<{ course: string }>(sql`
    select d.course::text from directions d
    where d.from_id = (select id from currencies where code = 'USDTTRC20')
      and d.to_id = (select id from currencies where code = 'TCSBRUB')`);
  return result.rows[0]!.course;
}

let operators = 0;
/** A new operator's console session cookie. */
async function session(): Promise<{ cookie: string }> {
  operators += 1;
  const operator = await createOperator(test.database.db, CLI_ACTOR, `late${operators}@example.com`, 'operator-pass-1');
  const reply = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
    email: operator.email,
    password: 'operator-pass-1',
    code: totpCode(operator.secret),
  });
  expect(reply.status).toBe(200);
  const header = reply.headers.getSetCookie().find((cookie: string) => cookie.startsWith('ops_session='))!;
  return { cookie: header.split(';')[0]! };
}

let email: string;
let uuid: string;
let oldCourse: string;

/** An English USDT → T-Bank claim of 100 USDT that expired unpaid (its hold given back). */
async function expiredClaim(): Promise<string> {
  email = uniqueEmail('late');
  const reply = await call(test, 'POST', '/en/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'TCSBRUB', { email, fromSumma: '100' }));
  expect(reply.status).toBe(201);
  await test.database.db.execute(sql`update claims set deadline = now() - interval '1 second' where uuid = ${reply.body.uuid}`);
  expect(await expireClaims(test.database.db)).toContain(reply.body.uuid);
  return reply.body.uuid;
}

beforeEach(async () => {
  await test.database.db.execute(
    sql`update claims set status = 'canceled', hold = 0 where status not in ('completed', 'expired', 'canceled', 'rejected', 'returned')`,
  );
  await test.database.db.execute(sql`select reserve_spread(currency_id, amount) from reserves`);
  expect((await ops('reserves', 'set', 'TCSBRUB', '20000')).code).toBe(0);
  uuid = await expiredClaim();
  oldCourse = (await claimRow(test.database.db, uuid)).course;
  expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
});

describe('a late payment re-priced', () => {
  it('moves expired → paid late → processing at the current course, holding the new amount, recorded and mailed', async () => {
    const late = await ops('claims', 'move', uuid, 'paid_late', '--note', 'arrived 40 min late');
    expect(late.code, late.output).toBe(0);
    expect((await claimRow(test.database.db, uuid)).hold).toBe('0');

    // The course moved while the claim was expired: the late payment is taken at the new one.
    const newBase = (Number(await directionCourse()) - 3).toFixed(2);
    expect((await ops('rates', 'set', 'USDTTRC20', 'TCSBRUB', newBase)).code).toBe(0);
    const repriced = await ops('claims', 'move', uuid, 'processing');
    expect(repriced.code, repriced.output).toBe(0);
    expect(repriced.output).toContain('re-priced at the current course');

    const row = await claimRow(test.database.db, uuid);
    const expectedToSumma = receiveFromGive('100', newBase, 2);
    expect(row.status).toBe('processing');
    expect(compare(row.course, newBase)).toBe(0);
    expect(compare(row.to_summa, expectedToSumma)).toBe(0);
    expect(compare(row.hold, expectedToSumma)).toBe(0);
    expect(compare(await heldOf('TCSBRUB'), expectedToSumma)).toBe(0);

    const record = await test.database.db.execute<any>(sql`select * from claim_repricings where claim_uuid = ${uuid}`);
    expect(record.rows).toHaveLength(1);
    expect(compare(record.rows[0].old_course, oldCourse)).toBe(0);
    expect(compare(record.rows[0].new_course, newBase)).toBe(0);
    expect(compare(record.rows[0].new_to_summa, expectedToSumma)).toBe(0);
    expect(record.rows[0].actor).toBe(CLI_TEST_OPERATOR);
    const audit = await test.database.db.execute<any>(
      sql`select before, after from audit_log where target = ${uuid} and action = 'claim.move' order by id desc limit 1`,
    );
    expect(audit.rows[0].after).toMatchObject({ status: 'processing', course: newBase });

    // The client's page shows the new price; the outbox has the paid-late and the re-price mails, in English.
    const status = await call(test, 'GET', `/en/api/v1/claim/${uuid}/status/`);
    expect(status.body.status).toBe('processing');
    expect(compare(status.body.repricing.newCourse, newBase)).toBe(0);
    expect(compare(status.body.repricing.oldCourse, oldCourse)).toBe(0);
    expect(compare(status.body.repricing.newToSumma, expectedToSumma)).toBe(0);
    expect(status.body.history.map((step: { status: string }) => step.status)).toEqual([
      'awaiting_payment',
      'expired',
      'paid_late',
      'processing',
    ]);
    await sendClaimMails(test.database.db, test.config);
    const lateMail = await waitForMail(test, email, 'claim_paid_late');
    expect(lateMail.subject).toMatch(/payment arrived late$/);
    const repricedMail = await waitForMail(test, email, 'claim_repriced');
    expect(repricedMail.text).toContain('New rate');
    expect(repricedMail.html).toContain(`/en/claim/${uuid}`);

    // The payout is the new amount: completion takes it from the reserve.
    expect((await ops('claims', 'move', uuid, 'completed')).code).toBe(0);
    expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
  });

  it('keeps the claim\u2019s promo percent on the new course', async () => {
    const code = `LATE${Date.now() % 100000}`;
    expect((await ops('promocodes', 'create', code, '1')).code).toBe(0);
    const reply = await call(
      test,
      'POST',
      '/api/v1/claim/',
      await validClaim(test, 'USDTTRC20', 'TCSBRUB', { email: uniqueEmail('promo'), fromSumma: '100', promocode: code }),
    );
    expect(reply.status).toBe(201);
    await test.database.db.execute(sql`update claims set deadline = now() - interval '1 second' where uuid = ${reply.body.uuid}`);
    await expireClaims(test.database.db);
    expect((await ops('claims', 'move', reply.body.uuid, 'paid_late')).code).toBe(0);
    expect((await ops('claims', 'move', reply.body.uuid, 'processing')).code).toBe(0);
    const row = await claimRow(test.database.db, reply.body.uuid);
    expect(compare(row.course, withPercent(await directionCourse(), '1'))).toBe(0);
  });

  it('refuses when the reserve cannot cover the new amount, and changes nothing', async () => {
    expect((await ops('claims', 'move', uuid, 'paid_late')).code).toBe(0);
    const before = await traces(uuid);
    expect((await ops('reserves', 'set', 'TCSBRUB', '100')).code).toBe(0);
    const refused = await ops('claims', 'move', uuid, 'processing');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^refused: re-pricing .* needs .* of the reserve, 100 is available/);
    const row = await claimRow(test.database.db, uuid);
    expect(row.status).toBe('paid_late');
    expect(compare(row.course, oldCourse)).toBe(0);
    expect(row.hold).toBe('0');
    expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
    expect(await traces(uuid)).toEqual(before);
  });
});

describe('a late payment returned', () => {
  it('needs the refund details, then returns it with nothing held and mails them', async () => {
    expect((await ops('claims', 'move', uuid, 'paid_late')).code).toBe(0);
    const before = await traces(uuid);
    const bare = await ops('claims', 'move', uuid, 'returned');
    expect(bare.code).toBe(1);
    expect(bare.output).toMatch(/^refused: a move to returned needs --reason/);
    expect((await ops('claims', 'move', uuid, 'returned', '--reason', '   ')).code).toBe(1);
    expect(await traces(uuid)).toEqual(before);
    expect((await claimRow(test.database.db, uuid)).status).toBe('paid_late');

    const returned = await ops('claims', 'move', uuid, 'returned', '--reason', 'Sent back to TXYZ… (tx 9f3a)');
    expect(returned.code, returned.output).toBe(0);
    const row = await claimRow(test.database.db, uuid);
    expect([row.status, row.hold, row.reason]).toEqual(['returned', '0', 'Sent back to TXYZ… (tx 9f3a)']);
    expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
    await sendClaimMails(test.database.db, test.config);
    const mail = await waitForMail(test, email, 'claim_returned');
    expect(mail.text).toContain('Sent back to TXYZ… (tx 9f3a)');
  });

  it('is refused straight from expired: the money must be taken on as paid late first', async () => {
    const refused = await ops('claims', 'move', uuid, 'processing');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/from expired an operator may move to: paid_late$/);
  });
});

describe('a payment arriving on a canceled claim', () => {
  it('takes the late path like an expired one: paid late, re-priced with a new hold, and mailed in the claim\u2019s language', async () => {
    const canceledEmail = uniqueEmail('canceled');
    const created = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'TCSBRUB', { email: canceledEmail, fromSumma: '100' }));
    const canceled: string = created.body.uuid;
    expect((await call(test, 'POST', `/api/v1/claim/${canceled}/cancel/`, undefined, asCreator(canceled))).body.status).toBe('canceled');
    expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
    const late = await ops('claims', 'move', canceled, 'paid_late', '--note', 'transfer sent before cancelling');
    expect(late.code, late.output).toBe(0);
    const repriced = await ops('claims', 'move', canceled, 'processing');
    expect(repriced.output).toContain('re-priced at the current course');
    const row = await claimRow(test.database.db, canceled);
    expect(row.status).toBe('processing');
    expect(compare(await heldOf('TCSBRUB'), row.to_summa)).toBe(0);
    const status = await call(test, 'GET', `/en/api/v1/claim/${canceled}/status/`);
    expect(status.body.history.map((step: { status: string }) => step.status)).toEqual([
      'awaiting_payment',
      'canceled',
      'paid_late',
      'processing',
    ]);
    await sendClaimMails(test.database.db, test.config);
    const mail = await waitForMail(test, canceledEmail, 'claim_paid_late');
    expect(mail.subject).toMatch(/оплата пришла после срока$/);
    expect(mail.text).toContain('заявка отменена');
  });

  it('is returned only once taken on as paid late, as from expired', async () => {
    const created = await call(test, 'POST', '/en/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'TCSBRUB', { fromSumma: '100' }));
    const canceled: string = created.body.uuid;
    await call(test, 'POST', `/en/api/v1/claim/${canceled}/cancel/`, undefined, asCreator(canceled));
    const refused = await ops('claims', 'move', canceled, 'returned', '--reason', 'sent back');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/from canceled an operator may move to: paid_late$/);
  });
});

describe('the console', () => {
  it('re-prices from the claim screen and shows the record; a short reserve is refused in the caller\u2019s language', async () => {
    const { cookie } = await session();
    const as = { headers: { cookie } };
    const moved = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'paid_late' }, as);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.moves).toEqual(['processing', 'returned']);
    // Before deciding, the operator sees what a re-price would give now.
    const quoted = await call(test, 'GET', `/ops-api/v1/claims/${uuid}/`, undefined, as);
    const course = await directionCourse();
    expect(compare(quoted.body.repriceQuote.course, course)).toBe(0);
    expect(compare(quoted.body.repriceQuote.toSumma, receiveFromGive('100', course, 2))).toBe(0);

    expect((await ops('reserves', 'set', 'TCSBRUB', '50')).code).toBe(0);
    const ru = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'processing' }, as);
    expect(ru.status).toBe(400);
    expect(ru.body.status[0]).toMatch(/^Резерва не хватает для пересчёта: нужно .*, доступно 50\./);
    const en = await call(test, 'POST', `/ops-api/en/v1/claims/${uuid}/move/`, { status: 'processing' }, as);
    expect(en.body.status[0]).toMatch(/^The reserve cannot cover the new price: .* needed, 50 available\./);
    expect((await claimRow(test.database.db, uuid)).status).toBe('paid_late');

    expect((await ops('reserves', 'set', 'TCSBRUB', '20000')).code).toBe(0);
    const done = await call(test, 'POST', `/ops-api/v1/claims/${uuid}/move/`, { status: 'processing' }, as);
    expect(done.status).toBe(200);
    const detail = await call(test, 'GET', `/ops-api/v1/claims/${uuid}/`, undefined, as);
    expect(detail.body.repricing).toMatchObject({ actor: expect.stringMatching(/^late\d+@example\.com$/) });
    expect(detail.body.repriceQuote).toBeNull();
    expect(compare(detail.body.repricing.oldCourse, oldCourse)).toBe(0);
    expect(compare(detail.body.toSumma, detail.body.repricing.newToSumma)).toBe(0);
  });
});

describe('payment and payout problems', () => {
  async function paidClaim(): Promise<string> {
    const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'USDTTRC20', 'TCSBRUB', { fromSumma: '100' }));
    expect(reply.status).toBe(201);
    expect((await ops('claims', 'move', reply.body.uuid, 'paid')).code).toBe(0);
    return reply.body.uuid;
  }

  it('takes a wrong payment to payment_error with its reason, then on to processing with the hold kept', async () => {
    const claim = await paidClaim();
    const payout = (await claimRow(test.database.db, claim)).to_summa;
    const bare = await ops('claims', 'move', claim, 'payment_error');
    expect(bare.code).toBe(1);
    expect(bare.output).toMatch(/needs --reason/);
    expect((await ops('claims', 'move', claim, 'payment_error', '--reason', '90 USDT arrived instead of 100')).code).toBe(0);
    expect(compare(await heldOf('TCSBRUB'), payout)).toBe(0);
    const status = await call(test, 'GET', `/api/v1/claim/${claim}/status/`);
    expect([status.body.status, status.body.reason]).toEqual(['payment_error', '90 USDT arrived instead of 100']);
    expect((await ops('claims', 'move', claim, 'processing')).code).toBe(0);
    expect(compare((await claimRow(test.database.db, claim)).to_summa, payout)).toBe(0);
  });

  it('takes a failed payout to payout_error with its reason, then returns it, releasing the hold', async () => {
    const claim = await paidClaim();
    expect((await ops('claims', 'move', claim, 'processing')).code).toBe(0);
    const { cookie } = await session();
    const noReason = await call(test, 'POST', `/ops-api/en/v1/claims/${claim}/move/`, { status: 'payout_error' }, { headers: { cookie } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason[0]).toBe('Give a reason: the client will see it.');
    const failed = await call(
      test,
      'POST',
      `/ops-api/v1/claims/${claim}/move/`,
      { status: 'payout_error', reason: 'Банк отклонил перевод на карту' },
      { headers: { cookie } },
    );
    expect(failed.status).toBe(200);
    expect(failed.body.moves).toEqual(['processing', 'returned']);
    expect((await ops('claims', 'move', claim, 'returned', '--reason', 'Returned to the sender wallet')).code).toBe(0);
    expect(compare(await heldOf('TCSBRUB'), '0')).toBe(0);
  });
});
