// A guest claim borrows nothing from an account: typing a verified user's e-mail and card joins no account, lets
// no approved verification open the payout gate, plants no draft verification and applies no personal promo
// code. A direction that pays out against a verified card takes claims from signed-in clients only.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClaim } from '../../server/claims/service.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';
import { claimRow, validClaim } from './support/claims.ts';

let test: TestApp;
let victim: SignedIn;
let card: string;

async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  return (await test.database.db.execute(query)).rows;
}

beforeAll(async () => {
  test = await startTestApp();
  victim = await newUser(test);
  // The victim verified its card (an approved verification of the card a claim of its own was made with).
  const own = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'SBERRUB', 'BTC', { email: victim.email }), { token: victim.access });
  expect(own.status).toBe(201);
  const row = await claimRow(test.database.db, own.body.uuid);
  card = row.from_requisites.card;
  await rows(sql`insert into verifications (user_id, card_masked, card_fingerprint, status)
    values (${victim.id}, '427638******1970', ${row.card_fingerprint}, 'approved')`);
  await rows(sql`insert into promocodes (code, percent, uses_total, uses_left, user_id) values ('VICTIMONLY', 1, 5, 5, ${victim.id})`);
});
afterAll(async () => {
  await test.close();
});

describe('a guest typing a verified user’s e-mail and card', () => {
  it('makes a claim that joins no account', async () => {
    const guest = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'SBERRUB', 'BTC', { email: victim.email.toUpperCase() }));
    expect(guest.status).toBe(201);
    const row = await claimRow(test.database.db, guest.body.uuid);
    expect(row.user_id).toBeNull();
    expect((await call(test, 'GET', '/api/v1/users/me/claims/', undefined, { token: victim.access })).body.count).toBe(1);
  });

  it('cannot use the account’s personal promo code', async () => {
    const guest = await call(test, 'POST', '/en/api/v1/claim/', await validClaim(test, 'SBERRUB', 'BTC', { email: victim.email, promocode: 'victimonly' }));
    expect(guest.status).toBe(400);
    expect(guest.body.promocode).toEqual(['The promo code is invalid or already used.']);
    const own = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'SBERRUB', 'BTC', { email: victim.email, promocode: 'victimonly' }), { token: victim.access });
    expect(own.status).toBe(201);
  });

  it('is refused on a direction that pays out against a verified card, with a translated reason', async () => {
    await rows(sql`update directions set card_verification = true
      where from_id = (select id from currencies where code = 'SBERRUB') and to_id = (select id from currencies where code = 'BTC')`);
    const payload = await validClaim(test, 'SBERRUB', 'BTC', { email: victim.email, fromRequisites: { card } });
    const english = await call(test, 'POST', '/en/api/v1/claim/', payload);
    expect(english.status).toBe(403);
    expect(english.body).toEqual({
      detail: 'This direction takes requests from signed-in clients only: the sender card is verified in your account.',
      code: 'sign_in_required',
    });
    expect((await call(test, 'POST', '/api/v1/claim/', payload)).body.detail).toMatch(/^По этому направлению заявки принимаются только после входа/);
  });

  it('never lets an account’s verification pay out a claim it did not create signed in, nor plants a draft there', async () => {
    // A claim made as a guest before this rule, which the old e-mail match had given to the victim's account.
    const [claim] = await rows(sql`
      insert into claims (status, email, user_id, from_currency_id, to_currency_id, from_summa, to_summa, course, hold,
        from_requisites, to_requisites, card_fingerprint, deadline, created_signed_in)
      select 'paid', ${victim.email}, ${victim.id}, d.from_id, d.to_id, 5000, 0.0005, d.course, 0,
        ${JSON.stringify({ card })}::jsonb, '{"wallet":"bc1q"}'::jsonb,
        (select card_fingerprint from verifications where user_id = ${victim.id} and status = 'approved'),
        now() + interval '30 minutes', false
      from directions d
      where d.from_id = (select id from currencies where code = 'SBERRUB') and d.to_id = (select id from currencies where code = 'BTC')
      returning uuid`);
    const drafts = async () => (await rows(sql`select count(*)::int as n from verifications where user_id = ${victim.id}`))[0].n;
    const before = await drafts();
    const moved = await moveClaim(test.database.db, claim.uuid, 'processing', 'operator');
    expect(moved?.claim.status).toBe('needs_verification');
    expect(await drafts()).toBe(before);
  });
});
