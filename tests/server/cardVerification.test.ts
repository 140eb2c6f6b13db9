// Card verification where the direction needs it: a flagged card → crypto direction pays out only once the sender
// card is verified. The payout move turns into needs_verification (the client is led to a verification of that card),
// is refused while the card still waits, and goes through after the operator approves the verification. Other
// directions are unaffected, and the export announces `cardverify` for exactly the flagged directions.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';
import { claimRow, eventsOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;
let owner: SignedIn;
const lines: string[] = [];

beforeAll(async () => {
  test = await startTestApp();
  owner = await newUser(test);
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<number> {
  lines.length = 0;
  return runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
}

/** A claim of the direction, reported paid by the client; signed in as `token`'s account when given. */
async function paidClaim(from: string, to: string, token?: string): Promise<string> {
  const payload = await validClaim(test, from, to, { email: token ? owner.email : 'guest-card@example.com' });
  const created = await call(test, 'POST', '/api/v1/claim/', payload, token ? { token } : {});
  expect(created.status).toBe(201);
  const uuid: string = created.body.uuid;
  expect((await call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, token ? { token } : asCreator(uuid))).status).toBe(200);
  return uuid;
}

async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  return (await test.database.db.execute(query)).rows;
}

function exportedParams(xml: string, from: string, to: string): string | undefined {
  const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
    .map((match) => match[1]!)
    .find((body) => body.includes(`<from>${from}</from>`) && body.includes(`<to>${to}</to>`));
  return item?.match(/<param>([^<]*)<\/param>/)?.[1];
}

describe('directions cardverify', () => {
  it('flags a card-giving direction (audited) and refuses one where the client gives no card', async () => {
    expect(await ops('directions', 'cardverify', 'SBERRUB', 'BTC', 'on')).toBe(0);
    expect(lines.join('\n')).toContain('required before payout');
    const [audit] = await rows(sql`select action, target, before, after from audit_log
      where action = 'direction.update' and target = 'SBERRUB-BTC' order by id desc limit 1`);
    expect(audit.before.cardVerification).toBe(false);
    expect(audit.after.cardVerification).toBe(true);

    expect(await ops('directions', 'cardverify', 'BTC', 'SBERRUB', 'on')).toBe(1);
    expect(lines.join('\n')).toContain('no bank card');
    expect(await ops('directions', 'cardverify', 'SBERRUB', 'BTC', 'maybe')).toBe(2);
    expect(await ops('directions', 'cardverify', 'SBERRUB', 'NOPE', 'on')).toBe(2);
    const flagged = await rows(sql`select f.code || '-' || t.code as pair from directions d
      join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id where d.card_verification`);
    expect(flagged.map((row) => row.pair)).toEqual(['SBERRUB-BTC']);
  });

  it('puts cardverify in the export for exactly the flagged directions', async () => {
    const xml = (await call(test, 'GET', '/export/rates.xml')).body as string;
    expect(exportedParams(xml, 'SBERRUB', 'BTC')!.split(/,\s*/)).toContain('cardverify');
    const announced = [...xml.matchAll(/<param>([^<]*)<\/param>/g)].filter((match) => match[1]!.includes('cardverify'));
    expect(announced).toHaveLength(1);
    expect(exportedParams(xml, 'TCSBRUB', 'BTC')).not.toContain('cardverify');
  });
});

describe('a claim of a flagged direction', () => {
  let uuid: string;

  it('goes to needs_verification when the payment is received, keeps its hold and mails the client', async () => {
    uuid = await paidClaim('SBERRUB', 'BTC', owner.access);
    expect(await ops('claims', 'move', uuid, 'processing')).toBe(0);
    expect(lines.join('\n')).toContain('paid → needs_verification');
    const claim = await claimRow(test.database.db, uuid);
    expect(claim.status).toBe('needs_verification');
    expect(claim.hold).toBe(claim.to_summa);
    expect((await eventsOf(test.database.db, uuid)).at(-1)).toMatchObject({
      from_status: 'paid',
      to_status: 'needs_verification',
      actor: 'operator',
    });
    const mails = await rows(sql`select status from claim_mails where claim_uuid = ${uuid} order by id`);
    expect(mails.map((mail) => mail.status)).toContain('needs_verification');
  });

  it("leads its owner to a verification of the claim's sender card", async () => {
    const status = await call(test, 'GET', `/en/api/v1/claim/${uuid}/status/`);
    expect(status.body.status).toBe('needs_verification');
    expect(status.body.cardVerification.verification).toMatch(/^[0-9a-f-]{36}$/);
    const own = await call(test, 'GET', `/api/v1/verify/${status.body.cardVerification.verification}/`, undefined, { token: owner.access });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'draft', card: '4276 38** **** 1970' });
  });

  it('cannot be paid out while the card is not verified, by any way the table offers', async () => {
    expect(await ops('claims', 'move', uuid, 'processing')).toBe(1);
    expect(lines.join('\n')).toContain('verified sender card');
    expect(await ops('claims', 'move', uuid, 'completed')).toBe(1);
    const claim = await claimRow(test.database.db, uuid);
    expect(claim.status).toBe('needs_verification');
    expect((await eventsOf(test.database.db, uuid)).filter((event) => event.to_status === 'needs_verification')).toHaveLength(1);
  });

  it('moves on to processing and completion once the verification is approved', async () => {
    const status = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`);
    const [verification] = await rows(sql`update verifications set status = 'pending'
      where uuid = ${status.body.cardVerification.verification} returning id`);
    expect(await ops('verifications', 'approve', String(verification.id))).toBe(0);
    expect(await ops('claims', 'move', uuid, 'processing')).toBe(0);
    expect((await claimRow(test.database.db, uuid)).status).toBe('processing');
    expect(await ops('claims', 'move', uuid, 'completed')).toBe(0);
    const claim = await claimRow(test.database.db, uuid);
    expect(claim.status).toBe('completed');
    expect(claim.hold).toBe('0');
  });

  it('pays out at once a later claim from the same verified card', async () => {
    const next = await paidClaim('SBERRUB', 'BTC', owner.access);
    expect(await ops('claims', 'move', next, 'processing')).toBe(0);
    expect((await claimRow(test.database.db, next)).status).toBe('processing');
  });

  it('waits for the card after a late payment is re-priced too, holding the new payout', async () => {
    const client = await newUser(test);
    const payload = await validClaim(test, 'SBERRUB', 'BTC', { email: client.email });
    const created = await call(test, 'POST', '/api/v1/claim/', payload, { token: client.access });
    const late: string = created.body.uuid;
    expect(await ops('claims', 'move', late, 'expired')).toBe(0);
    expect(await ops('claims', 'move', late, 'paid_late')).toBe(0);
    expect(await ops('claims', 'move', late, 'processing')).toBe(0);
    expect(lines.join('\n')).toContain('paid_late → needs_verification');
    const claim = await claimRow(test.database.db, late);
    expect(claim.status).toBe('needs_verification');
    expect(claim.hold).toBe(claim.to_summa);
    const mails = await rows(sql`select status, announces_repricing from claim_mails where claim_uuid = ${late} order by id`);
    expect(mails.at(-1)).toMatchObject({ status: 'needs_verification', announces_repricing: false });
    const status = await call(test, 'GET', `/api/v1/claim/${late}/status/`);
    expect(status.body.cardVerification.verification).toMatch(/^[0-9a-f-]{36}$/);
    expect(status.body.repricing).not.toBeNull();
  });

  it('is not taken from a guest: the card is verified in the creator\'s own account', async () => {
    const payload = await validClaim(test, 'SBERRUB', 'BTC', { email: owner.email });
    const guest = await call(test, 'POST', '/api/v1/claim/', payload);
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('sign_in_required');
  });
});

describe('an unflagged direction', () => {
  it('pays out without any card verification', async () => {
    const uuid = await paidClaim('TCSBRUB', 'BTC', owner.access);
    expect(await ops('claims', 'move', uuid, 'processing')).toBe(0);
    expect((await claimRow(test.database.db, uuid)).status).toBe('processing');
    const status = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`);
    expect(status.body.cardVerification).toBeNull();
  });

  it('sent to needs_verification by the operator shows no card wait on the claim page', async () => {
    const uuid = await paidClaim('TCSBRUB', 'BTC', owner.access);
    expect(await ops('claims', 'move', uuid, 'needs_verification', '--reason', 'Identity check')).toBe(0);
    const status = await call(test, 'GET', `/api/v1/claim/${uuid}/status/`);
    expect(status.body).toMatchObject({ status: 'needs_verification', reason: 'Identity check', cardVerification: null });
  });

  it('pays out again once the flag is taken off', async () => {
    const uuid = await paidClaim('SBERRUB', 'BTC', (await newUser(test)).access);
    expect(await ops('directions', 'cardverify', 'SBERRUB', 'BTC', 'off')).toBe(0);
    expect(await ops('claims', 'move', uuid, 'processing')).toBe(0);
    expect((await claimRow(test.database.db, uuid)).status).toBe('processing');
    const xml = (await call(test, 'GET', '/export/rates.xml')).body as string;
    expect(xml).not.toContain('cardverify');
  });
});

describe('the verified flag', () => {
  it('goes with the last approved verification the account deletes', async () => {
    const user = await newUser(test);
    const verified = async () => (await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).body.verified;
    const approvedOne = async (card: string): Promise<number> => {
      const created = await call(test, 'POST', '/api/v1/verify/', { card }, { token: user.access });
      expect(created.status).toBe(201);
      await rows(sql`update verifications set status = 'pending' where id = ${created.body.id}`);
      expect(await ops('verifications', 'approve', String(created.body.id))).toBe(0);
      return created.body.id;
    };
    const first = await approvedOne('4111111111111111');
    const second = await approvedOne('5555555555554444');
    expect(await verified()).toBe(true);
    expect((await call(test, 'DELETE', `/api/v1/verify/${first}/`, undefined, { token: user.access })).status).toBe(204);
    expect(await verified()).toBe(true);
    expect((await call(test, 'DELETE', `/api/v1/verify/${second}/`, undefined, { token: user.access })).status).toBe(204);
    expect(await verified()).toBe(false);
  });
});
