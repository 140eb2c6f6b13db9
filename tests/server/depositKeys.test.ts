// Deposit addresses from extended public keys and the limits that keep strangers from exhausting them:
// BIP84's published key gives BIP84's published addresses in order, the BIP44 keys of the same mnemonic give its
// Ethereum and TRON addresses, the index is taken atomically (never reused, shared by coins on one key), a bad key
// is refused and changes nothing, the wallet-gap warning, open unpaid claims per e-mail and per client address,
// and a pool address reused after a quiet period only when nothing ever arrived at it.
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { depositKeyGaps, WALLET_GAP_LIMIT } from '../../server/payments/addressService.ts';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { currencyId, validClaim, type ClaimPayload } from './support/claims.ts';
import { CLI_TEST_OPERATOR, cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

// BIP84's test vector: the account key of "abandon … about" at m/84'/0'/0' and its first receive addresses.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_RECEIVE = ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'];
// The same mnemonic's first Ethereum (m/44'/60'/0'/0/0) and TRON (m/44'/195'/0'/0/0) addresses, as wallets show them.
const ETH_FIRST = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const TRON_FIRST = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** BIP39's seed of the test mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"), as a wallet makes it. */
const root = HDKey.fromMasterSeed(
  pbkdf2(sha512, 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', 'mnemonic', {
    c: 2048,
    dkLen: 64,
  }),
);
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
  // Enough reserve that a thousand claims never run short of it.
  await test.database.db.execute(sql`update reserves set amount = amount + 1000000000000`);
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, lines };
}

async function addressOf(uuid: string): Promise<string> {
  const body = (await call(test, 'GET', `/en/api/v1/claim/${uuid}/requisite/`)).body;
  return body.payTo.find((line: { name: string }) => line.name === 'address').value;
}

async function createFrom(app: TestApp, payload: ClaimPayload, options: { ip?: string; url?: string } = {}) {
  return call(app, 'POST', options.url ?? '/api/v1/claim/', payload, { ip: options.ip });
}

describe('addresses from an extended public key', () => {
  it("gives a BTC claim BIP84's published receive addresses in order, from the key set by the CLI", async () => {
    const set = await ops('addresses', 'xpub', 'BTC', BIP84_ZPUB);
    expect(set).toEqual({ code: 0, lines: [`BTC: key set; next index 0, next address ${BIP84_RECEIVE[0]}`] });
    const payload = await validClaim(test, 'BTC', 'SBERRUB');
    const first = await createFrom(test, payload);
    const second = await createFrom(test, payload);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([await addressOf(first.body.uuid), await addressOf(second.body.uuid)]).toEqual(BIP84_RECEIVE);
    const audit = await test.database.db.execute(
      sql`select actor, after from audit_log where action = 'addresses.xpub' and target = 'BTC'`,
    );
    expect(audit.rows).toEqual([{ actor: CLI_TEST_OPERATOR, after: { key: BIP84_ZPUB, nextIndex: 0 } }]);
    const status = await ops('addresses', 'status');
    expect(status.lines.find((line) => line.startsWith('BTC '))).toMatch(/derived from its key/);
    expect(status.lines.find((line) => line.includes('key zpub6rFR7y4Q'))).toMatch(/next index 2 {2}unpaid since last paid 2$/);
  });

  it('derives Ethereum and TRON addresses from BIP44 keys; ETH and USDT ERC20 on one key never share an index', async () => {
    const eth = accountXpub("m/44'/60'/0'");
    expect((await ops('addresses', 'xpub', 'ETH', eth)).code).toBe(0);
    expect((await ops('addresses', 'xpub', 'USDTERC20', eth)).lines[0]).toMatch(/^USDTERC20: key set; next index 0/);
    expect((await ops('addresses', 'xpub', 'USDTTRC20', accountXpub("m/44'/195'/0'"))).code).toBe(0);
    const ether = await createFrom(test, await validClaim(test, 'ETH', 'SBERRUB'));
    const token = await createFrom(test, await validClaim(test, 'USDTERC20', 'SBERRUB'));
    const tron = await createFrom(test, await validClaim(test, 'USDTTRC20', 'SBERRUB'));
    expect(await addressOf(ether.body.uuid)).toBe(ETH_FIRST);
    const tokenAddress = await addressOf(token.body.uuid);
    expect(tokenAddress).not.toBe(ETH_FIRST);
    expect(tokenAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await addressOf(tron.body.uuid)).toBe(TRON_FIRST);
    // Set again, a key keeps its counter: no address is ever derived twice.
    expect((await ops('addresses', 'xpub', 'ETH', eth)).lines[0]).toMatch(/^ETH: key set; next index 2,/);
  });

  it('refuses a private key, a key of another purpose or network, a non-account key and garbage, changing nothing', async () => {
    const before = await test.database.db.execute(sql`select count(*)::int as n from audit_log`);
    const ypub =
      'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
    const cases: [string, string, RegExp][] = [
      ['LTC', root.derive("m/84'/2'/0'").privateExtendedKey, /PRIVATE key/],
      ['BTC', ypub, /version bytes belong to another coin, address type/],
      ['ETH', BIP84_ZPUB, /version bytes/],
      ['BTC', accountXpub("m/84'/0'"), /not an account-level key.*m\/84'\/0'\/0'/],
      ['BTC', `${BIP84_ZPUB.slice(0, -1)}t`, /not an extended key/],
    ];
    for (const [code, key, message] of cases) {
      const refused = await ops('addresses', 'xpub', code, key);
      expect(refused.code, key).toBe(1);
      expect(refused.lines[0]).toMatch(message);
      expect(refused.lines[0]).toMatch(/nothing changed$/);
    }
    expect((await ops('addresses', 'xpub', 'TON', BIP84_ZPUB)).lines[0]).toMatch(/has no extended-key derivation/);
    expect((await ops('addresses', 'xpub', 'SBERRUB', BIP84_ZPUB)).lines[0]).toMatch(/not paid to deposit addresses/);
    const after = await test.database.db.execute(sql`select count(*)::int as n from audit_log`);
    expect(after.rows).toEqual(before.rows);
    const keys = await test.database.db.execute(sql`select count(*)::int as n from currency_deposit_keys k
      join currencies c on c.id = k.currency_id where c.code in ('LTC', 'TON')`);
    expect(keys.rows).toEqual([{ n: 0 }]);
  });

  it('gives 20 claims made at once 20 consecutive indexes, and never answers 409 for want of an address in 1,000 claims', async () => {
    const ltc = accountXpub("m/84'/2'/0'");
    expect((await ops('addresses', 'xpub', 'LTC', ltc)).code).toBe(0);
    const payload = await validClaim(test, 'LTC', 'SBERRUB');
    const together = await Promise.all(Array.from({ length: 20 }, () => createFrom(test, payload)));
    expect(together.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    const indexes = await test.database.db.execute<{ derivation_index: number }>(sql`
      select derivation_index from deposit_addresses
      where currency_id = ${await currencyId(test.database.db, 'LTC')} and key_id is not null order by derivation_index`);
    expect(indexes.rows.map((row) => row.derivation_index)).toEqual(Array.from({ length: 20 }, (_, index) => index));

    // A thousand more, ten at a time: every one gets an address of its own.
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 100; batch += 1) {
      for (const reply of await Promise.all(Array.from({ length: 10 }, () => createFrom(test, payload)))) {
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1000 });
    const given = await test.database.db.execute(sql`
      select count(*)::int as claims, count(distinct address)::int as addresses from deposit_addresses
      where currency_id = ${await currencyId(test.database.db, 'LTC')} and key_id is not null and claim_uuid is not null`);
    expect(given.rows).toEqual([{ claims: 1020, addresses: 1020 }]);
  }, 600_000);

  it('warns when more handed-out addresses than the wallet gap limit follow the last paid one', async () => {
    const ltcGap = async () => (await depositKeyGaps(test.database.db)).find((gap) => gap.code === 'LTC')!;
    expect(await ltcGap()).toMatchObject({ nextIndex: 1020, lastPaidIndex: null, unpaidSinceLastPaid: 1020, overGapLimit: true });
    expect((await ops('addresses', 'status')).lines.find((line) => /^LTC\s+ltc\s+key /.test(line))).toMatch(
      /next index 1020 {2}unpaid since last paid 1020 {2}GAP over 20/,
    );
    // The console's payment-details screen shows the key, its next index and the warning.
    const operator = await createOperator(test.database.db, CLI_ACTOR, 'keys-op@example.com', 'operator-pass-1');
    const signedIn = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
      email: operator.email,
      password: 'operator-pass-1',
      code: totpCode(operator.secret),
    });
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith('ops_session='))!.split(';')[0]!;
    const pools = (await call(test, 'GET', '/ops-api/en/v1/payments/addresses/', undefined, { headers: { cookie } })).body;
    expect(pools.find((pool: { code: string }) => pool.code === 'LTC')).toMatchObject({
      low: false,
      key: { nextIndex: 1020, unpaidSinceLastPaid: 1020, overGapLimit: true, key: expect.stringMatching(/^xpub.{8}…/) },
    });
    expect(pools.find((pool: { code: string }) => pool.code === 'TON')).toMatchObject({ key: null });
    // A deposit seen at index 1010 (the chain watcher's received_at) leaves 9 unpaid after it.
    await test.database.db.execute(sql`update deposit_addresses set received_at = now()
      where key_id is not null and derivation_index = 1010 and currency_id = ${await currencyId(test.database.db, 'LTC')}`);
    expect(await ltcGap()).toMatchObject({ lastPaidIndex: 1010, unpaidSinceLastPaid: 9, overGapLimit: false });
    expect(WALLET_GAP_LIMIT).toBe(20);
    const status = await ops('addresses', 'status');
    expect(status.lines.filter((line) => line.includes('GAP over 20'))).toEqual([]);
  });
});

describe('open unpaid claims per e-mail and per client address', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_SCALE: '1', OPEN_CLAIMS_PER_EMAIL: '3', OPEN_CLAIMS_PER_CLIENT: '10' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses a 4th open claim of one e-mail with a translated 429 and when to retry; a cancel frees a place', async () => {
    const payload = await validClaim(limited, 'BTC', 'SBERRUB', { email: 'hoarder@example.com' });
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await createFrom(limited, payload, { ip: '198.51.100.7' }));
    expect(made.map((reply) => reply.status)).toEqual([201, 201, 201]);
    const claims = () => limited.database.db.execute(sql`select count(*)::int as n from claims where email = 'hoarder@example.com'`);
    const before = (await claims()).rows;
    const ru = await createFrom(limited, payload, { ip: '198.51.100.7' });
    expect(ru.status).toBe(429);
    expect(ru.body).toEqual({ detail: expect.stringMatching(/^У вас уже 3 неоплаченных заявок.*через \d+ мин\./), code: 'too_many_open_claims' });
    const retryAfter = Number(ru.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(1700);
    expect(retryAfter).toBeLessThanOrEqual(1800);
    const en = await createFrom(limited, payload, { ip: '198.51.100.7', url: '/en/api/v1/claim/' });
    expect(en.body.detail).toMatch(/^You already have 3 unpaid requests, the most allowed\. Pay or cancel one/);
    expect((await claims()).rows).toEqual(before);

    const canceled = await call(limited, 'POST', `/api/v1/claim/${made[0]!.body.uuid}/cancel/`, {}, asCreator(made[0]!.body.uuid));
    expect(canceled.status).toBeLessThan(300);
    expect((await createFrom(limited, payload, { ip: '198.51.100.7' })).status).toBe(201);
  });

  it('refuses an 11th open claim from one client address whatever the e-mails', async () => {
    const statuses = [];
    for (let index = 0; index < 11; index += 1) {
      const payload = await validClaim(limited, 'BTC', 'SBERRUB', { email: `visitor${index}@example.com` });
      statuses.push((await createFrom(limited, payload, { ip: '203.0.113.9' })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const elsewhere = await validClaim(limited, 'BTC', 'SBERRUB', { email: 'visitor10@example.com' });
    expect((await createFrom(limited, elsewhere, { ip: '203.0.113.10' })).status).toBe(201);
  });
});

describe('a pool address given again', () => {
  let payload: ClaimPayload;

  it('goes to a new claim after the quiet period only if its claim closed unpaid and nothing ever arrived', async () => {
    const ton = await currencyId(test.database.db, 'TON');
    const db = test.database.db;
    await db.execute(sql`delete from deposit_addresses where currency_id = ${ton} and claim_uuid is null`);
    await db.execute(sql`insert into deposit_addresses (currency_id, network, address) values
      (${ton}, 'ton', 'UQCIc6EUbONe_6X6yOwqTBUVR6-s1ZnQ1wBHRtQHX-Gq0Upv'), (${ton}, 'ton', 'UQAYXsfyYvDoHUxBlmH3SmCUc2SiiuDQJNaFcNs0_lmV7Xh1')`);
    payload = await validClaim(test, 'TON', 'SBERRUB');
    const [paidOnce, quiet] = [await createFrom(test, payload), await createFrom(test, payload)];
    expect((await createFrom(test, payload)).status).toBe(409);
    // Both claims expired 8 days ago; something once arrived at the first one's address.
    await db.execute(sql`update claims set status = 'expired', updated_at = now() - interval '8 days'
      where uuid in (${paidOnce.body.uuid}, ${quiet.body.uuid})`);
    const firstAddress = await addressOf(paidOnce.body.uuid);
    const quietAddress = await addressOf(quiet.body.uuid);
    await db.execute(sql`update deposit_addresses set received_at = now() where address = ${firstAddress}`);
    const again = await createFrom(test, payload);
    expect(again.status).toBe(201);
    expect(await addressOf(again.body.uuid)).toBe(quietAddress);
    expect((await createFrom(test, payload)).status).toBe(409);
  });

  it('waits out the quiet period', async () => {
    const db = test.database.db;
    const recent = await db.execute<{ uuid: string }>(sql`
      select c.uuid from claims c join deposit_addresses a on a.claim_uuid = c.uuid
      where a.address = 'UQAYXsfyYvDoHUxBlmH3SmCUc2SiiuDQJNaFcNs0_lmV7Xh1'`);
    await db.execute(sql`update claims set status = 'canceled', updated_at = now() - interval '6 days' where uuid = ${recent.rows[0]!.uuid}`);
    expect((await createFrom(test, payload)).status).toBe(409);
  });
});

describe('payout addresses', () => {
  it('refuses a Bitcoin address with one wrong character, saying its checksum fails, in both languages', async () => {
    const payload = await validClaim(test, 'SBERRUB', 'BTC');
    const field = Object.keys(payload.toRequisites)[0]!;
    const wrong = { ...payload, toRequisites: { [field]: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' } };
    const ru = await call(test, 'POST', '/api/v1/claim/', wrong);
    expect(ru.status).toBe(400);
    expect(JSON.stringify(ru.body)).toContain('Адрес Bitcoin не проходит проверку контрольной суммы');
    const en = await call(test, 'POST', '/en/api/v1/claim/', wrong);
    expect(JSON.stringify(en.body)).toContain('This Bitcoin address fails its checksum');
    const right = { ...payload, toRequisites: { [field]: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' } };
    expect((await call(test, 'POST', '/api/v1/claim/', right)).status).toBe(201);
  });
});
