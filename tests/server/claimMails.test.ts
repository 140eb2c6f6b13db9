// Mail to the client about a claim: one outbox row per committed change (creation and every status it reaches),
// none for a change that was rolled back; the job sends each once, in the claim's language, with the claim link.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../src/domain/money.ts';
import { expireClaims } from '../../server/claims/expiry.ts';
import { sendClaimMails } from '../../server/claims/mailOutbox.ts';
import { moveLockedClaims } from '../../server/claims/statusMoves.ts';
import { moveClaim } from '../../server/claims/service.ts';
import { call, startTestApp, type TestApp, testConfig } from './support/app.ts';
import { mailCount, uniqueEmail, waitForMail } from './support/accounts.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function create(email: string, prefix = ''): Promise<string> {
  const payload = await validClaim(test, 'BTC', 'SBERRUB', { email, fromSumma: '0.0125' });
  const reply = await call(test, 'POST', `${prefix}/api/v1/claim/`, payload);
  expect(reply.status).toBe(201);
  return reply.body.uuid;
}

async function outboxOf(uuid: string): Promise<{ status: string; announces_creation: boolean; sent_at: Date | null }[]> {
  const result = await test.database.db.execute<{ status: string; announces_creation: boolean; sent_at: Date | null }>(
    sql`select status, announces_creation, sent_at from claim_mails where claim_uuid = ${uuid} order by id`,
  );
  return result.rows;
}

/** What the rouble card reserve of the claims here (Sberbank) holds for open claims. */
async function reserveHeld(): Promise<string> {
  const result = await test.database.db.execute<{ held: string }>(
    sql`select r.held from reserve_balances r join currencies c on c.id = r.currency_id where c.code = 'SBERRUB'`,
  );
  return result.rows[0]!.held;
}

/** Sends what is due now (the core app runs no jobs). */
async function drain(): Promise<number> {
  return sendClaimMails(test.database.db, test.config);
}

describe('the claim mail outbox', () => {
  it('mails a new claim once, in its language, with the amounts, where to pay, the deadline and the link', async () => {
    const email = uniqueEmail('claim');
    const uuid = await create(email, '/en');
    expect(await outboxOf(uuid)).toMatchObject([{ status: 'awaiting_payment', announces_creation: true, sent_at: null }]);
    await drain();
    const mail = await waitForMail(test, email, 'claim_created');
    expect(mail.locale).toBe('en');
    expect(mail.subject).toBe(`Request ${uuid.slice(0, 8).toUpperCase()} created`);
    expect(mail.link).toBe(`${test.config.publicUrl}/en/claim/${uuid}`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(`${test.config.publicUrl}/en/claim/${uuid}`);
      expect(body).toContain('0.0125 BTC');
      expect(body).toContain('Pay before');
      expect(body).toContain('MSK');
    }
    expect(mail.text).toMatch(/Where to pay: .+: \S+/);
    expect((await outboxOf(uuid))[0]!.sent_at).not.toBeNull();
    await drain();
    expect(mailCount(test, email, 'claim_created')).toBe(1);
  });

  it('writes one mail per committed move: payment reported, received, completed', async () => {
    const email = uniqueEmail('claim');
    const uuid = await create(email);
    expect((await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid))).status).toBe(200);
    // Repeating "I have paid" moves nothing and owes nothing.
    expect((await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid))).status).toBe(200);
    await moveClaim(test.database.db, uuid, 'processing', 'operator');
    await moveClaim(test.database.db, uuid, 'completed', 'operator');
    expect((await outboxOf(uuid)).map((row) => row.status)).toEqual(['awaiting_payment', 'paid', 'processing', 'completed']);
    await drain();
    for (const kind of ['claim_created', 'claim_paid', 'claim_processing', 'claim_completed']) {
      expect(mailCount(test, email, kind)).toBe(1);
    }
    const done = await waitForMail(test, email, 'claim_completed');
    expect(done.locale).toBe('ru');
    expect(done.subject).toBe(`Заявка ${uuid.slice(0, 8).toUpperCase()} выполнена`);
    expect(done.text).toContain(`/claim/${uuid}`);
  });

  it('tells a rejected claim the operator reason, and an expired claim that time ran out', async () => {
    const email = uniqueEmail('claim');
    const rejected = await create(email);
    await call(test, 'POST', `/api/v1/claim/${rejected}/confirm/`, undefined, asCreator(rejected));
    await moveClaim(test.database.db, rejected, 'rejected', 'operator', { reason: 'Платёж пришёл с чужой карты.' });
    const late = await create(email);
    await test.database.db.execute(sql`update claims set deadline = now() - interval '1 second' where uuid = ${late}`);
    expect(await expireClaims(test.database.db)).toContain(late);
    await drain();
    const mail = await waitForMail(test, email, 'claim_rejected');
    expect(mail.text).toContain('Причина: Платёж пришёл с чужой карты.');
    expect(mail.html).toContain('Платёж пришёл с чужой карты.');
    expect(mailCount(test, email, 'claim_expired')).toBe(1);
  });

  it('puts a claim on hold with its reason shown, then returns the payment and gives its hold back', async () => {
    const email = uniqueEmail('claim');
    const uuid = await create(email, '/en');
    const heldBefore = await reserveHeld();
    await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid));
    await moveClaim(test.database.db, uuid, 'on_hold', 'operator', { reason: 'AML check of the sending wallet.' });
    const held = await call(test, 'GET', `/en/api/v1/claim/${uuid}/status/`);
    expect(held.body).toMatchObject({ status: 'on_hold', reason: 'AML check of the sending wallet.' });
    await moveClaim(test.database.db, uuid, 'returned', 'operator', { reason: 'Refunded to the sending wallet, tx 9f3a.' });
    const returned = await call(test, 'GET', `/en/api/v1/claim/${uuid}/status/`);
    expect(returned.body).toMatchObject({ status: 'returned', reason: 'Refunded to the sending wallet, tx 9f3a.' });
    expect(returned.body.history.map((step: { status: string }) => step.status)).toEqual([
      'awaiting_payment',
      'paid',
      'on_hold',
      'returned',
    ]);
    expect((await claimRow(test.database.db, uuid)).hold).toBe('0');
    expect(compare(await reserveHeld(), heldBefore)).toBe(-1);
    await drain();
    expect((await waitForMail(test, email, 'claim_on_hold')).text).toContain('Reason: AML check of the sending wallet.');
    expect((await waitForMail(test, email, 'claim_returned')).text).toContain('Reason: Refunded to the sending wallet, tx 9f3a.');
  });

  it('owes nothing for a move that was rolled back', async () => {
    const email = uniqueEmail('claim');
    const uuid = await create(email);
    await expect(
      test.database.db.transaction(async (tx) => {
        await moveLockedClaims(tx, sql`select uuid from claims where uuid = ${uuid} for update`, {
          to: 'canceled',
          actor: 'client',
          note: null,
        });
        throw new Error('the caller failed after the move');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await claimRow(test.database.db, uuid)).status).toBe('awaiting_payment');
    expect((await outboxOf(uuid)).map((row) => row.status)).toEqual(['awaiting_payment']);
  });

  it('keeps a mail whose send failed and tries it again later', async () => {
    const email = uniqueEmail('claim');
    const uuid = await create(email);
    const unreachable = { ...testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }), publicUrl: test.config.publicUrl };
    await sendClaimMails(test.database.db, unreachable);
    const result = await test.database.db.execute<{ attempts: number; sent_at: Date | null; later: boolean }>(
      sql`select attempts, sent_at, retry_at > now() as later from claim_mails where claim_uuid = ${uuid}`,
    );
    expect(result.rows).toEqual([{ attempts: 1, sent_at: null, later: true }]);
  });
});
