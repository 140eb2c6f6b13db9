// Payment details that identify a claim: a coin claim is given a deposit address of its own from the
// operator's pool in its creating statement, never shared even when claims arrive together; an empty pool refuses
// new claims with a translated message and writes nothing; the pool is loaded from a checked list; a rouble claim
// is given the least recently used active account and its number as the payment comment.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendClaimMails } from '../../server/claims/mailOutbox.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { runOps } from '../../server/ops/commands.ts';
import { claimNumber } from '../../src/domain/claimNumber.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { waitForMail } from './support/accounts.ts';
import { currencyId, validClaim, VALID_REQUISITE } from './support/claims.ts';
import { approvedBy, signedInOperator, type SignedInOperator } from './support/operators.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, lines };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await test.database.db.execute(query)).rows as T[];
}

async function freeAddresses(code: string): Promise<number> {
  const [row] = await rows<{ free: string }>(sql`
    select count(*) as free from deposit_addresses
    where currency_id = ${await currencyId(test.database.db, code)} and claim_uuid is null`);
  return Number(row!.free);
}

function listFile(name: string, lines: string[]): string {
  const file = path.join(test.config.dataDir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

async function create(from: string, to: string, headers: Record<string, string> = {}, url = '/api/v1/claim/') {
  return call(test, 'POST', url, await validClaim(test, from, to), { headers });
}

async function requisiteOf(uuid: string, prefix = '/en') {
  return (await call(test, 'GET', `${prefix}/api/v1/claim/${uuid}/requisite/`)).body;
}

describe('deposit addresses', () => {
  it('gives 20 claims created at once 20 different addresses of their coin, each marked with its claim', async () => {
    const before = await freeAddresses('LTC');
    const payload = await validClaim(test, 'LTC', 'SBERRUB');
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(test, 'POST', '/api/v1/claim/', payload)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    const uuids = replies.map((reply) => reply.body.uuid as string);
    const given = await Promise.all(
      uuids.map(async (uuid) => (await call(test, 'GET', `/en/api/v1/claim/${uuid}/requisite/`)).body),
    );
    const addresses = given.map((body) => body.payTo.find((line: { name: string }) => line.name === 'address').value);
    expect(new Set(addresses).size).toBe(20);
    for (const [index, body] of given.entries()) {
      expect(body.qr).toBe(`litecoin:${addresses[index]}?amount=${body.summa}`);
      expect(body.paymentComment).toBeNull();
    }
    const marked = await rows<{ address: string; claim_uuid: string; used_at: Date | null }>(sql`
      select address, claim_uuid, used_at from deposit_addresses where claim_uuid = any(${`{${uuids.join(',')}}`}::uuid[])`);
    expect(marked).toHaveLength(20);
    for (const row of marked) expect(addresses[uuids.indexOf(row.claim_uuid)]).toBe(row.address);
    expect(marked.every((row) => row.used_at !== null)).toBe(true);
    expect(await freeAddresses('LTC')).toBe(before - 20);
  });

  it('refuses claims of a coin whose pool is empty, in the caller language, and writes nothing', async () => {
    const ton = await currencyId(test.database.db, 'TON');
    // Use the pool up: addresses given to claims stay theirs, so this is what an exhausted pool looks like.
    await test.database.db.execute(sql`delete from deposit_addresses where currency_id = ${ton} and claim_uuid is null`);
    const count = async () =>
      (await rows<{ claims: string; mails: string; held: string; keys: string }>(sql`
        select (select count(*) from claims) as claims, (select count(*) from claim_mails) as mails,
          (select sum(held) from reserve_balances) as held, (select count(*) from idempotency_keys) as keys`))[0];
    const before = await count();
    const ru = await create('TON', 'SBERRUB', { 'Idempotency-Key': 'a8f7c0de-0000-4000-8000-000000000001' });
    expect(ru.status).toBe(409);
    expect(ru.body).toEqual({ detail: expect.stringContaining('нет свободного адреса для оплаты в Toncoin'), code: 'payment_details_unavailable' });
    const en = await create('TON', 'SBERRUB', {}, '/en/api/v1/claim/');
    expect(en.status).toBe(409);
    expect(en.body.detail).toMatch(/no free address to pay Toncoin to right now/);
    expect(await count()).toEqual(before);
    // Loading addresses opens the direction again.
    const file = listFile('ton.txt', [VALID_REQUISITE.ton]);
    expect((await ops('addresses', 'import', 'TON', file)).code).toBe(0);
    expect((await create('TON', 'SBERRUB')).status).toBe(201);
    expect((await create('TON', 'SBERRUB')).status).toBe(409);
  });

  it('imports a checked list: duplicates skipped and counted, a bad line refuses the whole list', async () => {
    const btc = [
      'bc1q3pe6z9rvud00lf06erkz5nq4z4r6ltx49lh4k3',
      'bc1qrp0v0unz7r5p6nzpjeslwjnqj3ekfg52pdftay',
      '',
      '  bc1q3pe6z9rvud00lf06erkz5nq4z4r6ltx49lh4k3  ',
    ];
    const before = await freeAddresses('BTC');
    const loaded = await ops('addresses', 'import', 'btc', listFile('btc.txt', btc));
    expect(loaded.code).toBe(0);
    expect(loaded.lines).toEqual([`BTC: loaded 2, skipped 1 (already in a pool), free ${before + 2}`]);
    const again = await ops('addresses', 'import', 'BTC', listFile('btc.txt', btc));
    expect(again.lines[0]).toBe(`BTC: loaded 0, skipped 3 (already in a pool), free ${before + 2}`);

    // An Ethereum address is one network's: loaded for ETH, it is skipped for USDT ERC20.
    const eth = listFile('eth.txt', ['0x00000000000000000000000000000000000000e1']);
    expect((await ops('addresses', 'import', 'ETH', eth)).lines[0]).toMatch(/^ETH: loaded 1, skipped 0/);
    expect((await ops('addresses', 'import', 'USDTERC20', eth)).lines[0]).toMatch(/^USDTERC20: loaded 0, skipped 1/);

    const wrong = await ops('addresses', 'import', 'BTC', listFile('bad.txt', ['bc1qecahdk37ed8keh3m7yq96d6m50le2xmy2wjgp2', VALID_REQUISITE.eth, 'not an address']));
    expect(wrong.code).toBe(1);
    expect(wrong.lines).toEqual([
      'BTC: 2 line(s) are not addresses of this network; nothing loaded:',
      `  line 2: ${VALID_REQUISITE.eth} (address_network)`,
      '  line 3: not an address (address_characters)',
    ]);
    expect(await freeAddresses('BTC')).toBe(before + 2);
    expect((await ops('addresses', 'import', 'SBERRUB', eth)).lines[0]).toBe('SBERRUB is not paid to deposit addresses; nothing loaded');
    expect((await ops('addresses', 'import', 'BTC', listFile('empty.txt', ['', ' ']))).code).toBe(1);
    expect((await ops('addresses', 'import', 'XXX', eth)).code).toBe(2);

    const audit = await rows<{ action: string; target: string; after: unknown }>(sql`
      select action, target, after from audit_log where action = 'addresses.import' and target = 'BTC' order by id`);
    expect(audit[0]).toEqual({ action: 'addresses.import', target: 'BTC', after: { loaded: 2, skipped: 1, free: before + 2 } });
  });

  it('reports free and used addresses per coin, empty ones flagged', async () => {
    const { code, lines } = await ops('addresses', 'status');
    expect(code).toBe(0);
    expect(lines.find((line) => line.startsWith('LTC'))).toMatch(/free +480 +used +20$/);
    expect(lines.find((line) => line.startsWith('TON'))).toMatch(/free +0 +used +1 +EMPTY: claims are refused$/);
  });
});

describe('receiving accounts', () => {
  it('gives a card claim the least recently used account and its number as the payment comment', async () => {
    const first = (await create('SBERRUB', 'BTC')).body.uuid as string;
    const second = (await create('SBERRUB', 'BTC')).body.uuid as string;
    const [a, b] = [await requisiteOf(first), await requisiteOf(second)];
    expect(a.paymentComment).toBe(claimNumber(first));
    expect(b.paymentComment).toBe(claimNumber(second));
    expect(a.payTo.map((line: { name: string }) => line.name)).toEqual(['card', 'name']);
    expect(a.payTo[0].label).toBe('Card number');
    expect(a.payTo[0].value).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(a.payTo[0].value).not.toBe(b.payTo[0].value);
    expect(a.qr).toBeNull();
    const sbp = await requisiteOf((await create('SBPRUB', 'BTC')).body.uuid, '');
    expect(sbp.payTo.map((line: { label: string }) => line.label)).toEqual(['Телефон', 'Банк', 'Получатель']);
  });

  it('tells the claim its account and comment, or its own address, in the creation mail', async () => {
    const [cardEmail, coinEmail] = ['card-mail@example.com', 'coin-mail@example.com'];
    const post = async (from: string, to: string, email: string) =>
      (await call(test, 'POST', '/en/api/v1/claim/', { ...(await validClaim(test, from, to)), email })).body.uuid as string;
    const [card, coin] = [await post('TCSBRUB', 'BTC', cardEmail), await post('ETH', 'SBERRUB', coinEmail)];
    await sendClaimMails(test.database.db, test.config);
    const cardMail = await waitForMail(test, cardEmail, 'claim_created');
    const cardDetails = await requisiteOf(card);
    expect(cardMail.text).toContain(`Where to pay: Card number: ${cardDetails.payTo[0].value}`);
    expect(cardMail.text).toContain(`Payment comment (required): ${claimNumber(card)}`);
    const coinMail = await waitForMail(test, coinEmail, 'claim_created');
    expect(coinMail.text).toContain(`Where to pay: Wallet address: ${(await requisiteOf(coin)).payTo[0].value}`);
    expect(coinMail.html).not.toContain('Payment comment');
  });

  it('adds, lists and disables accounts from the CLI; a disabled account goes to no new claim; none left refuses', async () => {
    expect((await ops('accounts', 'add', 'YAMRUB', '4100 1234 5678 901', '--holder', 'Ivan Petrov')).lines[0]).toMatch(
      /^account \d+: YAMRUB 410012345678901 added$/,
    );
    expect((await ops('accounts', 'add', 'YAMRUB', '410012345678901')).lines[0]).toBe('this account is already there; nothing added');
    expect((await ops('accounts', 'add', 'SBERRUB', '4276 3812 6044 1971')).lines[0]).toBe('the number is not valid (card_checksum); nothing added');
    expect((await ops('accounts', 'add', 'SBERRUB', VALID_REQUISITE.card, '--holder', '<b>x</b>')).code).toBe(1);
    expect((await ops('accounts', 'add', 'BTC', VALID_REQUISITE.card)).lines[0]).toBe('BTC is not paid into accounts; nothing added');

    const listed = (await ops('accounts', 'list')).lines.filter((line) => / YAMRUB /.test(line));
    expect(listed).toHaveLength(2);
    const ids = listed.map((line) => Number(line.trim().split(/\s+/)[0]));
    for (const id of ids) expect((await ops('accounts', 'disable', String(id))).lines[0]).toBe(`account ${id} disabled`);
    expect((await ops('accounts', 'disable', String(ids[0]))).lines[0]).toBe(`account ${ids[0]} was already disabled`);
    const refused = await create('YAMRUB', 'BTC', {}, '/en/api/v1/claim/');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: 'There is no account to receive YooMoney payments right now: this direction takes no new requests for the moment. Please try later or choose another currency.',
      code: 'payment_details_unavailable',
    });
  });
});

describe('the console screen of payment details', () => {
  let operators = 0;
  async function operatorCookie(): Promise<string> {
    operators += 1;
    const email = operators === 1 ? 'payments-op@example.com' : `payments-op${operators}@example.com`;
    const operator = await createOperator(test.database.db, CLI_ACTOR, email, 'operator-pass-1');
    const reply = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
      email: operator.email,
      password: 'operator-pass-1',
      code: totpCode(operator.secret),
    });
    return reply.headers.getSetCookie().find((cookie) => cookie.startsWith('ops_session='))!.split(';')[0]!;
  }
  // Changes to where clients pay are applied when a second admin approves them (four eyes).
  let checker: SignedInOperator;
  beforeAll(async () => {
    checker = await signedInOperator(test, 'payments-checker@example.com', 'admin');
  });

  it('shows the pools with low and empty flags, loads a pasted list, refuses a bad one in the caller language', async () => {
    const cookie = await operatorCookie();
    const as = { headers: { cookie } };
    expect((await call(test, 'GET', '/ops-api/v1/payments/addresses/')).status).toBe(401);
    const pools = (await call(test, 'GET', '/ops-api/en/v1/payments/addresses/', undefined, as)).body;
    expect(pools.find((pool: { code: string }) => pool.code === 'TON')).toMatchObject({ name: 'Toncoin', network: 'TON', free: 0, low: true });
    expect(pools.find((pool: { code: string }) => pool.code === 'ETH')).toMatchObject({ low: false });

    const list = [VALID_REQUISITE.ton, 'UQDOO3baPstPbN478QBdN1uj_5UbZCNObVGBaHwhDyuDRNWu', ''].join('\n');
    const loaded = await approvedBy(test, checker, await call(test, 'POST', '/ops-api/v1/payments/addresses/', { code: 'ton', addresses: list }, as));
    expect(loaded.body.after).toEqual({ loaded: 1, skipped: 1, free: 1 });
    expect(await freeAddresses('TON')).toBe(1);
    const bad = await call(test, 'POST', '/ops-api/en/v1/payments/addresses/', { code: 'TON', addresses: 'UQBVK3Y9NmS-4pE2lUCc_UYF8Bz57q0vPc8fj9DEMlCuGSLW\nbc1qxyz' }, as);
    expect(bad.status).toBe(400);
    expect(bad.body.addresses[0]).toMatch(/^1 line\(s\) are wrong\. Nothing was loaded: fix the list and load it whole\. Line 2 \(bc1qxyz\): /);
    const ru = await call(test, 'POST', '/ops-api/v1/payments/addresses/', { code: 'SBERRUB', addresses: 'x' }, as);
    expect(ru.body).toEqual({ code: ['Эта валюта оплачивается не на адреса.'] });
    const audit = await rows<{ actor: string }>(sql`select actor from audit_log where action = 'addresses.import' and target = 'TON' order by id desc limit 1`);
    expect(audit).toEqual([{ actor: 'payments-op@example.com' }]);
  });

  it('adds an account with field errors for a bad number, lists it and disables it', async () => {
    const cookie = await operatorCookie();
    const as = { headers: { cookie } };
    const wrong = await call(test, 'POST', '/ops-api/en/v1/payments/accounts/', { code: 'CARDRUB', number: '1234', holder: null, bank: null }, as);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body)).toEqual(['number']);
    const number = VALID_REQUISITE.card.replace(/ /g, '');
    await approvedBy(test, checker, await call(test, 'POST', '/ops-api/v1/payments/accounts/', { code: 'CARDRUB', number: VALID_REQUISITE.card, holder: 'Ivan Petrov', bank: null }, as));
    const listed = (await call(test, 'GET', '/ops-api/v1/payments/accounts/', undefined, as)).body;
    const added = listed.find((row: { number: string; holder: string }) => row.number === number && row.holder === 'Ivan Petrov');
    expect(added).toMatchObject({ code: 'CARDRUB', number, active: true, lastUsedAt: null });
    await approvedBy(test, checker, await call(test, 'POST', `/ops-api/v1/payments/accounts/${added.id}/disable/`, undefined, as));
    const after = (await call(test, 'GET', '/ops-api/v1/payments/accounts/', undefined, as)).body;
    expect(after.find((row: { id: number }) => row.id === added.id)).toMatchObject({ active: false });
    const again = await call(test, 'POST', `/ops-api/v1/payments/accounts/${added.id}/disable/`, undefined, as);
    expect(again.body).toEqual({ id: added.id, active: false });
    expect((await call(test, 'POST', '/ops-api/v1/payments/accounts/999999/disable/', undefined, as)).status).toBe(404);

    // The claim in the console says where its client was told to pay, and with which comment.
    const uuid = (await create('SBERRUB', 'BTC')).body.uuid as string;
    const detail = (await call(test, 'GET', `/ops-api/en/v1/claims/${uuid}/`, undefined, as)).body;
    expect(detail.payment).toEqual({ payTo: (await requisiteOf(uuid)).payTo, paymentComment: claimNumber(uuid) });
  });
});
