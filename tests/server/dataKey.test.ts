// Secrets at rest under DATA_KEY: card numbers and every other requisite of a claim, a partner's payout requisites,
// operators' TOTP secrets and the card-fingerprint key are stored sealed (no clear card number anywhere in the
// database), yet read back as before: the claim page masks, the owner and the console see them in full (each console
// view of a card audited), the operator still signs in. `keys rotate` re-seals everything under a new key.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { keyringFrom } from '../../server/keys/dataKey.ts';
import { open, sealedKeyId } from '../../server/keys/envelope.ts';
import { sealedValueCounts } from '../../server/keys/sealedValues.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { runOps } from '../../server/ops/commands.ts';
import { newUser } from './support/accounts.ts';
import { call, startTestApp, testConfig, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

const KEY = randomBytes(32).toString('base64');
const NEXT_KEY = randomBytes(32).toString('base64');
// The process seals with the environment's key, as a server started with DATA_KEY does.
process.env.DATA_KEY = KEY;

/** Luhn-valid card numbers no fixture uses, so finding one in the database can only be this test's claim. */
const CARDS = ['4276380012345679', '5536913795264411', '2202205512349876'];
const PAYOUT = 'card 2200150987654321 Ivan P.';

let test: TestApp;
const uuids: string[] = [];

beforeAll(async () => {
  test = await startTestApp({ DATA_KEY: KEY });
});
afterAll(async () => {
  await test.close();
});

/** Every text, varchar and jsonb value of every table that contains `needle` (spaces ignored), as table.column. */
async function foundAnywhere(db: Db, needle: string): Promise<string[]> {
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const hits = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(table)}
      where replace(${sql.identifier(column)}::text, ' ', '') like ${`%${needle}%`}`);
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

async function signInOperator(): Promise<string> {
  const operator = await createOperator(test.database.db, CLI_ACTOR, `keys${Date.now()}@example.com`, 'operator-pass-1');
  const reply = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
    email: operator.email,
    password: 'operator-pass-1',
    code: totpCode(operator.secret),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.headers.getSetCookie().find((cookie) => cookie.startsWith('ops_session='))!.split(';')[0]!;
}

describe('with DATA_KEY set', () => {
  let owner: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    owner = await newUser(test);
    for (const card of CARDS) {
      const payload = await validClaim(test, 'SBERRUB', 'BTC', { email: owner.email });
      payload.fromRequisites = { ...payload.fromRequisites, card };
      const reply = await call(test, 'POST', '/api/v1/claim/', payload, { token: owner.access });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      uuids.push(reply.body.uuid);
    }
  });

  it('stores no card number, requisite or TOTP secret in clear anywhere in the database', async () => {
    const db = test.database.db;
    for (const card of CARDS) expect(await foundAnywhere(db, card)).toEqual([]);
    const stored = await db.execute<{ from_requisites: Record<string, string> }>(
      sql`select from_requisites from claims where uuid = ${uuids[0]!}`,
    );
    for (const value of Object.values(stored.rows[0]!.from_requisites)) expect(value).toMatch(/^enc:v1:/);
    const operator = await createOperator(db, CLI_ACTOR, `totp${Date.now()}@example.com`, 'operator-pass-1');
    expect(await foundAnywhere(db, operator.secret)).toEqual([]);
  });

  it('seals a partner payout requisite and shows it back to its owner', async () => {
    await test.database.db.execute(
      sql`insert into referral_balances (user_id, balance) values (${owner.id}, 1000)
          on conflict (user_id) do update set balance = 1000`,
    );
    const url = '/api/v1/users/me/refferal/withdrawal/';
    const reply = await call(test, 'POST', url, { amount: '600', requisites: PAYOUT }, { token: owner.access });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.requisites).toBe(PAYOUT);
    const list = await call(test, 'GET', url, undefined, { token: owner.access });
    expect(list.body.results[0].requisites).toBe(PAYOUT);
    expect(await foundAnywhere(test.database.db, '2200150987654321')).toEqual([]);
  });

  it('masks the card on the public claim page and shows it in full to the owner', async () => {
    const guest = await call(test, 'GET', `/api/v1/claim/${uuids[0]}/form/`);
    expect(guest.body.from.requisites.card).toBe('427638******5679');
    const own = await call(test, 'GET', `/api/v1/claim/${uuids[0]}/form/`, undefined, { token: owner.access });
    expect(own.body.from.requisites.card).toBe(CARDS[0]);
  });

  it('shows the console the full card, opened on the server, and audits each view', async () => {
    const cookie = await signInOperator();
    const detail = await call(test, 'GET', `/ops-api/v1/claims/${uuids[1]}/`, undefined, { headers: { cookie } });
    expect(detail.status).toBe(200);
    expect(detail.body.fromRequisites.card).toBe(CARDS[1]);
    await call(test, 'GET', `/ops-api/v1/claims/${uuids[1]}/`, undefined, { headers: { cookie } });
    const audits = await test.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'claim.card_viewed' and target = ${uuids[1]!}`,
    );
    expect(audits.rows[0]!.n).toBe(2);
  });

  it('finds a claim in the console by its sealed card number, typed with spaces or without, and by its payout wallet', async () => {
    const cookie = await signInOperator();
    const found = async (q: string): Promise<string[]> => {
      const reply = await call(test, 'GET', `/ops-api/v1/claims/?q=${encodeURIComponent(q)}`, undefined, { headers: { cookie } });
      expect(reply.status).toBe(200);
      return reply.body.results.map((row: { uuid: string }) => row.uuid);
    };
    expect(await found(CARDS[0]!)).toEqual([uuids[0]]);
    expect(await found(CARDS[1]!.replace(/(\d{4})(?=\d)/g, '$1 '))).toEqual([uuids[1]]);
    const wallet = await test.database.db.execute<{ to_requisites: Record<string, string> }>(
      sql`select to_requisites from claims where uuid = ${uuids[2]!}`,
    );
    const address = open(keyringFrom({ DATA_KEY: KEY }), wallet.rows[0]!.to_requisites.address!);
    expect(await found(address.toUpperCase())).toContain(uuids[2]);
    // A valid card no claim was given finds nothing.
    expect(await found('4276380012345687')).toEqual([]);
  });

  it('derives the access-token key from DATA_KEY and keeps the fingerprint key sealed in the database', async () => {
    expect(test.config.jwtSecret).not.toBeNull();
    const stored = await test.database.db.execute<{ name: string; value: string }>(sql`select name, value from server_secrets`);
    expect(stored.rows.find((row) => row.name === 'access_token_key')).toBeUndefined();
    const fingerprintKey = stored.rows.find((row) => row.name === 'card_fingerprint_key');
    expect(fingerprintKey?.value).toMatch(/^enc:v1:/);
  });
});

describe('keys rotate', () => {
  it('re-seals every value under the new key (the old one given as DATA_KEY_PREVIOUS), readable with it alone', async () => {
    const db = test.database.db;
    const out: string[] = [];
    const without = await runOps(['keys', 'rotate'], { db, operator: await cliOperator(db), out: (line) => out.push(line), serverConfig: testConfig({ DATA_KEY: NEXT_KEY }) });
    // The claims are sealed under KEY, which this ring does not hold: nothing is rewritten.
    expect(without).toBe(1);
    expect(out.join('\n')).toMatch(/neither DATA_KEY nor DATA_KEY_PREVIOUS/);

    const storedBefore = await db.execute<{ value: string }>(sql`select value from server_secrets where name = 'requisite_search_key'`);
    const searchKeyBefore = open(keyringFrom({ DATA_KEY: KEY }), storedBefore.rows[0]!.value);
    const rotating = testConfig({ DATA_KEY: NEXT_KEY, DATA_KEY_PREVIOUS: KEY });
    expect(await runOps(['keys', 'rotate'], { db, operator: await cliOperator(db), out: (line) => out.push(line), serverConfig: rotating })).toBe(0);

    const next = keyringFrom({ DATA_KEY: NEXT_KEY })!;
    expect(await sealedValueCounts(db, next)).toEqual({ toReseal: 0, unknownKey: 0 });
    const stored = await db.execute<{ from_requisites: Record<string, string> }>(
      sql`select from_requisites from claims where uuid = ${uuids[2]!}`,
    );
    const card = stored.rows[0]!.from_requisites.card!;
    expect(sealedKeyId(card)).toBe(next.current.id);
    expect(open(next, card)).toBe(CARDS[2]);
    for (const number of CARDS) expect(await foundAnywhere(db, number)).toEqual([]);
    // The requisite-search key was re-sealed, not replaced: every stored digest still matches what is typed.
    const searchKey = await db.execute<{ value: string }>(sql`select value from server_secrets where name = 'requisite_search_key'`);
    expect(sealedKeyId(searchKey.rows[0]!.value)).toBe(next.current.id);
    expect(open(next, searchKey.rows[0]!.value)).toBe(searchKeyBefore);
    const audit = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'keys.rotate'`);
    expect(audit.rows[0]!.n).toBe(1);
  });
});
