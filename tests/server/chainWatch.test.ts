// The chain watchers against played chain APIs (a local server playing Esplora, Ethereum JSON-RPC and TronGrid):
// every matching rule moves the claim through the status table as src/domain/depositMatching.ts says (events,
// mails and audit rows like any move), the claim's form and status show what was seen, a reorganisation is
// handled, a failing API is backed off, one instance polls per period, and a payout completes a claim only once
// the chain shows it paying the client the promised amount.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions, not typed up front */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireClaims } from '../../server/claims/expiry.ts';
import {
  loadChainConfig,
  USDT_ERC20_CONTRACT,
  USDT_TRC20_CONTRACT,
  type ChainConfig,
  type ChainName,
} from '../../server/payments/chains/config.ts';
import { chainAdapter } from '../../server/payments/chains/job.ts';
import { pollChain, type PollOutcome } from '../../server/payments/chains/watch.ts';
import { runOps } from '../../server/ops/commands.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { uniqueEmail } from './support/accounts.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, eventsOf, validClaim, VALID_REQUISITE } from './support/claims.ts';
import { playChains, type PlayedChains } from './support/playedChains.ts';
import { cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;
let played: PlayedChains;
let config: ChainConfig;

beforeAll(async () => {
  test = await startTestApp();
  played = await playChains();
  config = loadChainConfig({
    CHAIN_BTC_URL: `${played.url}/btc`,
    CHAIN_LTC_URL: `${played.url}/ltc`,
    CHAIN_ETH_URL: `${played.url}/eth`,
    CHAIN_TRON_URL: `${played.url}/tron`,
    CHAIN_TIMEOUT_SECONDS: '1',
  });
});
afterAll(async () => {
  await played.close();
  await test.close();
});
beforeEach(() => {
  for (const chain of ['btc', 'ltc', 'eth', 'tron'] as const) played.mode[chain] = 'ok';
});

const db = () => test.database.db;
const txid = () => randomBytes(32).toString('hex');

/** Polls `chain` now, whatever the slot says (each test is its own period). */
async function poll(chain: ChainName): Promise<PollOutcome> {
  await db().execute(
    sql`update chain_watch_slots set next_run_at = now() - interval '1 second' where chain = ${chain}`,
  );
  return pollChain(db(), config, chain, chainAdapter(config, chain));
}

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: db(), operator: await cliOperator(db()), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

interface Claim {
  uuid: string;
  address: string;
  due: string;
}

/** A new claim giving `from`, in English; its deposit address and the amount due. */
async function newClaim(from: string, to = 'SBERRUB', fromSumma?: string): Promise<Claim> {
  const payload = await validClaim(test, from, to, {
    email: uniqueEmail('chain'),
    ...(fromSumma ? { fromSumma } : {}),
  });
  const reply = await call(test, 'POST', '/en/api/v1/claim/', payload);
  expect(reply.status).toBe(201);
  const uuid = reply.body.uuid as string;
  const row = await db().execute<{ address: string }>(
    sql`select address from deposit_addresses where claim_uuid = ${uuid}`,
  );
  return { uuid, address: row.rows[0]?.address ?? '', due: (await claimRow(db(), uuid)).from_summa as string };
}

/** Satoshi of a BTC amount string. */
function sats(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(BigInt(`${whole}${fraction.padEnd(8, '0')}`));
}

function payBtc(address: string, amount: string, height: number | null, id = txid()): string {
  played.btc.txs.push({
    txid: id,
    vout: [
      { scriptpubkey_address: 'bc1qchangechangechangechangechangechangech', value: 123_456 },
      { scriptpubkey_address: address, value: sats(amount) },
    ],
    status:
      height === null ? { confirmed: false } : { confirmed: true, block_height: height, block_hash: `h${height}` },
  });
  return id;
}

async function depositsOf(uuid: string): Promise<any[]> {
  const result = await db().execute(sql`select * from chain_deposits where claim_uuid = ${uuid} order by id`);
  return result.rows;
}

describe('a Bitcoin deposit through Esplora', () => {
  it('is seen with too few confirmations (shown on the form and status), then pays the claim by itself', async () => {
    const claim = await newClaim('BTC');
    played.btc.tip = 200;
    const hash = payBtc(claim.address, claim.due, null);
    const first = await poll('btc');
    expect(first.ran).toBe(true);
    expect(first.error).toBeNull();
    expect((await claimRow(db(), claim.uuid)).status).toBe('awaiting_payment');
    const form = await call(test, 'GET', `/en/api/v1/claim/${claim.uuid}/form/`);
    expect(form.body.deposits).toEqual([
      expect.objectContaining({
        txHash: hash,
        amount: claim.due,
        confirmations: 0,
        required: 2,
        status: 'seen',
        counted: false,
        explorerUrl: `https://mempool.space/tx/${hash}`,
      }),
    ]);
    const received = await db().execute<{ received_at: Date | null }>(
      sql`select received_at from deposit_addresses where claim_uuid = ${claim.uuid}`,
    );
    expect(received.rows[0]!.received_at).not.toBeNull();

    // Mined: 1 of 2.
    played.btc.txs.find((tx) => tx.txid === hash)!.status = { confirmed: true, block_height: 201, block_hash: 'h201' };
    played.btc.tip = 201;
    await poll('btc');
    const status = await call(test, 'GET', `/api/v1/claim/${claim.uuid}/status/`);
    expect(status.body.status).toBe('awaiting_payment');
    expect(status.body.deposits[0]).toMatchObject({ confirmations: 1, required: 2, status: 'seen' });

    played.btc.tip = 202;
    const paid = await poll('btc');
    expect(paid.decided).toEqual([{ uuid: claim.uuid, moves: [{ from: 'awaiting_payment', to: 'paid' }] }]);
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
    expect((await eventsOf(db(), claim.uuid)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'paid',
      actor: 'system',
    });
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({
      status: 'confirmed',
      counted: true,
      flag: null,
      confirmations: 2,
    });
    const audit = await db().execute(sql`select actor, action from audit_log where target = ${`claim ${claim.uuid}`}`);
    expect(audit.rows).toEqual([{ actor: 'chain-watcher', action: 'chain.deposit' }]);
    const mails = await db().execute(sql`select status from claim_mails where claim_uuid = ${claim.uuid}`);
    expect(mails.rows.map((row) => row.status)).toContain('paid');

    // Polled again with nothing new: nothing changes, nothing is decided twice.
    played.btc.tip = 203;
    const again = await poll('btc');
    expect(again.decided.flatMap((decision) => decision.moves)).toEqual([]);
    expect((await eventsOf(db(), claim.uuid)).filter((event) => event.to_status === 'paid')).toHaveLength(1);
  });

  it('puts an under-payment into payment_error with the amount received, in the claim language', async () => {
    const claim = await newClaim('BTC');
    const short = (Number(claim.due) - 0.0001).toFixed(8).replace(/0+$/, '');
    payBtc(claim.address, short, played.btc.tip - 5);
    await poll('btc');
    const row = await claimRow(db(), claim.uuid);
    expect(row.status).toBe('payment_error');
    expect(row.reason).toContain(`We received ${short} BTC instead of ${claim.due} BTC`);
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ counted: true, flag: 'short' });
  });

  it('pays an over-payment and notes the excess for the operator', async () => {
    const claim = await newClaim('BTC');
    payBtc(claim.address, (Number(claim.due) + 0.01).toFixed(8), played.btc.tip - 5);
    await poll('btc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ counted: true, flag: 'excess' });
    const shown = await ops('claims', 'deposits', claim.uuid);
    expect(shown.output).toContain('FLAG excess');
  });

  it('takes a payment after the window closed to paid_late', async () => {
    const claim = await newClaim('BTC');
    await db().execute(sql`update claims set deadline = now() - interval '1 minute' where uuid = ${claim.uuid}`);
    expect(await expireClaims(db())).toContain(claim.uuid);
    payBtc(claim.address, claim.due, played.btc.tip);
    await poll('btc');
    // 1 of 2 confirmations: still expired.
    expect((await claimRow(db(), claim.uuid)).status).toBe('expired');
    played.btc.tip += 1;
    await poll('btc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid_late');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ counted: true, flag: 'late' });
  });

  it('takes a payment on a claim the client canceled to paid_late too, as on an expired one', async () => {
    const claim = await newClaim('BTC');
    const cancel = await call(test, 'POST', `/en/api/v1/claim/${claim.uuid}/cancel/`, undefined, asCreator(claim.uuid));
    expect(cancel.body.status).toBe('canceled');
    payBtc(claim.address, claim.due, played.btc.tip - 1);
    await poll('btc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid_late');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ counted: true, flag: 'late' });
    expect((await eventsOf(db(), claim.uuid)).at(-1)).toMatchObject({ from_status: 'canceled', to_status: 'paid_late', actor: 'system' });
  });

  it('does not expire a claim whose payment was seen before the deadline: it waits for the confirmations', async () => {
    const claim = await newClaim('BTC');
    payBtc(claim.address, claim.due, null);
    await poll('btc');
    await db().execute(sql`update claims set deadline = now() - interval '1 minute' where uuid = ${claim.uuid}`);
    expect(await expireClaims(db())).not.toContain(claim.uuid);
    expect((await claimRow(db(), claim.uuid)).status).toBe('awaiting_payment');
  });

  it('flags a second deposit to the same address and never counts it', async () => {
    const claim = await newClaim('BTC');
    payBtc(claim.address, claim.due, played.btc.tip - 3);
    await poll('btc');
    payBtc(claim.address, claim.due, played.btc.tip - 2);
    await poll('btc');
    const [first, second] = await depositsOf(claim.uuid);
    expect(first).toMatchObject({ counted: true, flag: null });
    expect(second).toMatchObject({ counted: false, flag: 'second', status: 'confirmed' });
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
    expect((await eventsOf(db(), claim.uuid)).filter((event) => event.to_status === 'paid')).toHaveLength(1);
  });

  it('handles a reorganisation: the counted transaction vanishes, the deposit is dropped and the claim held', async () => {
    const claim = await newClaim('BTC');
    const hash = payBtc(claim.address, claim.due, played.btc.tip - 1);
    await poll('btc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
    played.btc.txs = played.btc.txs.filter((tx) => tx.txid !== hash);
    await poll('btc');
    const row = await claimRow(db(), claim.uuid);
    expect(row.status).toBe('on_hold');
    expect(row.reason).toContain('reversed your payment');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ status: 'dropped', counted: false, flag: 'dropped' });
    const status = await call(test, 'GET', `/api/v1/claim/${claim.uuid}/status/`);
    expect(status.body.deposits[0]).toMatchObject({ txHash: hash, status: 'dropped', counted: false });

    // Mined again in another block: it counts again, the claim stays with the operator.
    payBtc(claim.address, claim.due, played.btc.tip - 2, hash);
    await poll('btc');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ status: 'confirmed', counted: true, flag: 'dropped' });
    expect((await claimRow(db(), claim.uuid)).status).toBe('on_hold');
  });

  it('notices a block hash change (a transaction moved to another block) and keeps counting it', async () => {
    const claim = await newClaim('BTC');
    const hash = payBtc(claim.address, claim.due, played.btc.tip - 1);
    await poll('btc');
    played.btc.txs.find((tx) => tx.txid === hash)!.status = {
      confirmed: true,
      block_height: played.btc.tip,
      block_hash: 'other',
    };
    played.btc.tip += 1;
    await poll('btc');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({
      block_hash: 'other',
      status: 'confirmed',
      counted: true,
    });
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
  });
});

describe('the poller', () => {
  it('backs off after failures (down, then a hang ended by the timeout) and resets on success', async () => {
    const slot = async () =>
      (
        await db().execute<{ failures: number; wait: number }>(sql`
        select failures, extract(epoch from next_run_at - now())::float as wait from chain_watch_slots where chain = 'ltc'`)
      ).rows[0]!;
    await newClaim('LTC');
    played.mode.ltc = 'down';
    const failed = await poll('ltc');
    expect(failed.error).toContain('503');
    expect(await slot()).toMatchObject({ failures: 1 });
    expect((await slot()).wait).toBeGreaterThan(config.pollSeconds - 5);
    played.mode.ltc = 'hang';
    const hung = await poll('ltc');
    expect(hung.error).not.toBeNull();
    expect((await slot()).failures).toBe(2);
    expect((await slot()).wait).toBeGreaterThan(2 * config.pollSeconds - 5);
    played.mode.ltc = 'ok';
    expect((await poll('ltc')).error).toBeNull();
    expect((await slot()).failures).toBe(0);
  });

  it('polls a chain once per period across two instances', async () => {
    await newClaim('LTC');
    await db().execute(sql`update chain_watch_slots set next_run_at = now() - interval '1 second' where chain = 'ltc'`);
    const before = played.requests.ltc;
    // Two instances: each its own adapter, the same database.
    const outcomes = await Promise.all([
      pollChain(db(), config, 'ltc', chainAdapter(config, 'ltc')),
      pollChain(db(), config, 'ltc', chainAdapter(config, 'ltc')),
    ]);
    expect(outcomes.map((outcome) => outcome.ran).sort()).toEqual([false, true]);
    const watched = outcomes.find((outcome) => outcome.ran)!.watched;
    // One tip height and one address list per watched address, from one instance only.
    expect(played.requests.ltc - before).toBe(1 + watched);
  });

  it('leaves coins of chains without a URL alone', async () => {
    const partial = loadChainConfig({ CHAIN_BTC_URL: `${played.url}/btc` });
    expect([...partial.currencies.keys()]).toEqual(['BTC']);
  });
});

describe('a payout checked on chain', () => {
  /** A rouble → BTC claim being paid out: paid by the client, taken to processing by the operator. */
  async function processingClaim(): Promise<{ uuid: string; toSumma: string }> {
    const payload = await validClaim(test, 'SBERRUB', 'BTC', { email: uniqueEmail('payout') });
    const reply = await call(test, 'POST', '/api/v1/claim/', payload);
    expect(reply.status).toBe(201);
    const uuid = reply.body.uuid as string;
    expect((await ops('claims', 'move', uuid, 'paid')).code).toBe(0);
    expect((await ops('claims', 'move', uuid, 'processing')).code).toBe(0);
    return { uuid, toSumma: (await claimRow(db(), uuid)).to_summa as string };
  }

  it('completes the claim only once the transaction pays the client the promised amount with enough confirmations', async () => {
    const claim = await processingClaim();
    const hash = txid();
    const recorded = await ops('claims', 'payout', claim.uuid, hash);
    expect(recorded).toMatchObject({ code: 0 });
    // Not on chain yet.
    await poll('btc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('processing');
    played.btc.txs.push({
      txid: hash,
      vout: [{ scriptpubkey_address: VALID_REQUISITE.btc, value: sats(claim.toSumma) }],
      status: { confirmed: false },
    });
    await poll('btc');
    expect((await ops('claims', 'deposits', claim.uuid)).output).toContain(
      `payout ${hash}: pending, pays ${claim.toSumma}, 0 confirmation(s)`,
    );
    played.btc.txs.find((tx) => tx.txid === hash)!.status = {
      confirmed: true,
      block_height: played.btc.tip - 1,
      block_hash: 'x',
    };
    const outcome = await poll('btc');
    expect(outcome.payouts).toEqual([{ uuid: claim.uuid, check: 'confirmed', completed: true }]);
    expect((await claimRow(db(), claim.uuid)).status).toBe('completed');
    expect((await eventsOf(db(), claim.uuid)).at(-1)).toMatchObject({ to_status: 'completed', actor: 'system' });
  });

  it('flags a transaction paying another amount and does not complete the claim', async () => {
    const claim = await processingClaim();
    const hash = txid();
    expect((await ops('claims', 'payout', claim.uuid, hash)).code).toBe(0);
    played.btc.txs.push({
      txid: hash,
      vout: [{ scriptpubkey_address: VALID_REQUISITE.btc, value: sats(claim.toSumma) - 1 }],
      status: { confirmed: true, block_height: played.btc.tip - 3, block_hash: 'y' },
    });
    const outcome = await poll('btc');
    expect(outcome.payouts).toEqual([{ uuid: claim.uuid, check: 'mismatch', completed: false }]);
    expect((await claimRow(db(), claim.uuid)).status).toBe('processing');
    expect((await ops('claims', 'deposits', claim.uuid)).output).toContain('mismatch');
  });

  it('is recorded and shown in the console with the deposits and their flags', async () => {
    const operator = await createOperator(db(), CLI_ACTOR, `${uniqueEmail('chainops')}`, 'operator-pass-1');
    const signIn = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
      email: operator.email,
      password: 'operator-pass-1',
      code: totpCode(operator.secret),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((line: string) => line.startsWith('ops_session='))!
      .split(';')[0]!;
    const as = { headers: { cookie } };

    const paid = await newClaim('BTC');
    const hash = payBtc(paid.address, (Number(paid.due) + 0.001).toFixed(8), played.btc.tip - 4);
    await poll('btc');
    const detail = await call(test, 'GET', `/ops-api/en/v1/claims/${paid.uuid}/`, undefined, as);
    expect(detail.body.deposits).toEqual([
      expect.objectContaining({
        txHash: hash,
        counted: true,
        flag: 'excess',
        status: 'confirmed',
        explorerUrl: `https://mempool.space/tx/${hash}`,
      }),
    ]);
    expect(detail.body.payout).toBeNull();

    const claim = await processingClaim();
    const bad = await call(test, 'POST', `/ops-api/en/v1/claims/${claim.uuid}/payout/`, { txHash: 'zz' }, as);
    expect(bad.status).toBe(400);
    expect(bad.body.txHash[0]).toContain('not a transaction hash');
    const early = await call(test, 'POST', `/ops-api/v1/claims/${paid.uuid}/payout/`, { txHash: txid() }, as);
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain('в обработке');
    const payoutHash = txid();
    const recorded = await call(
      test,
      'POST',
      `/ops-api/en/v1/claims/${claim.uuid}/payout/`,
      { txHash: payoutHash.toUpperCase() },
      as,
    );
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      txHash: payoutHash,
      check: 'pending',
      explorerUrl: `https://mempool.space/tx/${payoutHash}`,
    });
    const audit = await db().execute(sql`select actor, action from audit_log where target = ${`claim ${claim.uuid}`}`);
    expect(audit.rows).toEqual([{ actor: operator.email, action: 'claim.payout' }]);
  });

  it('refuses a payout hash that is not one, or on a claim not being paid out', async () => {
    const claim = await processingClaim();
    expect(await ops('claims', 'payout', claim.uuid, 'not-a-hash')).toMatchObject({
      code: 1,
      output: expect.stringContaining('not a transaction hash'),
    });
    const fresh = await newClaim('BTC');
    expect(await ops('claims', 'payout', fresh.uuid, txid())).toMatchObject({
      code: 1,
      output: expect.stringContaining('awaiting_payment'),
    });
  });
});

describe('Ethereum through JSON-RPC', () => {
  it('pays an ether claim from a block scan and a USDT ERC-20 claim from Transfer logs after 12 confirmations', async () => {
    const ether = await newClaim('ETH');
    const usdt = await newClaim('USDTERC20');
    const tip = played.eth.tip;
    const etherHash = `0x${txid()}`;
    const tokenHash = `0x${txid()}`;
    const wei = (BigInt(Math.round(Number(ether.due) * 1e8)) * 10n ** 10n).toString();
    const units = BigInt(Math.round(Number(usdt.due) * 1e6)).toString();
    played.eth.blocks.set(tip + 1, {
      hash: `0x${'a'.repeat(64)}`,
      txs: [
        { hash: etherHash, to: ether.address.toUpperCase().replace('0X', '0x'), value: wei },
        {
          hash: tokenHash,
          to: USDT_ERC20_CONTRACT,
          value: '0',
          token: { contract: USDT_ERC20_CONTRACT, to: usdt.address, amount: units },
        },
      ],
    });
    played.eth.tip = tip + 1;
    await poll('eth');
    expect((await depositsOf(ether.uuid))[0]).toMatchObject({ tx_hash: etherHash, confirmations: 1, status: 'seen' });
    expect((await depositsOf(usdt.uuid))[0]).toMatchObject({ tx_hash: tokenHash, amount: usdt.due, confirmations: 1 });
    played.eth.tip = tip + 12;
    await poll('eth');
    expect((await claimRow(db(), ether.uuid)).status).toBe('paid');
    expect((await claimRow(db(), usdt.uuid)).status).toBe('paid');
  });

  it('drops a transfer whose block was replaced within the re-read depth', async () => {
    const claim = await newClaim('USDTERC20');
    const tip = played.eth.tip;
    const units = BigInt(Math.round(Number(claim.due) * 1e6)).toString();
    played.eth.blocks.set(tip + 1, {
      hash: `0x${'b'.repeat(64)}`,
      txs: [
        {
          hash: `0x${txid()}`,
          to: USDT_ERC20_CONTRACT,
          value: '0',
          token: { contract: USDT_ERC20_CONTRACT, to: claim.address, amount: units },
        },
      ],
    });
    played.eth.tip = tip + 2;
    await poll('eth');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ status: 'seen', confirmations: 2 });
    played.eth.blocks.set(tip + 1, { hash: `0x${'c'.repeat(64)}`, txs: [] });
    played.eth.tip = tip + 3;
    await poll('eth');
    expect((await depositsOf(claim.uuid))[0]).toMatchObject({ status: 'dropped', counted: false });
    expect((await claimRow(db(), claim.uuid)).status).toBe('awaiting_payment');
  });
});

describe('TRON through TronGrid', () => {
  it('shows an unconfirmed USDT TRC-20 transfer as seen 0 of 19, and pays the claim once it is solidified', async () => {
    const claim = await newClaim('USDTTRC20');
    const transfer = {
      transaction_id: txid(),
      to: claim.address,
      value: BigInt(Math.round(Number(claim.due) * 1e6)).toString(),
      contract: USDT_TRC20_CONTRACT,
      confirmed: false,
    };
    played.tron.push(transfer);
    await poll('tron');
    const form = await call(test, 'GET', `/api/v1/claim/${claim.uuid}/form/`);
    expect(form.body.deposits[0]).toMatchObject({
      confirmations: 0,
      required: 19,
      status: 'seen',
      explorerUrl: `https://tronscan.org/#/transaction/${transfer.transaction_id}`,
    });
    transfer.confirmed = true;
    await poll('tron');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
  });
});

describe('confirmations per coin', () => {
  it('are set from the CLI (audited) and used by the next poll', async () => {
    expect((await ops('chain', 'confirmations', 'LTC', '1')).output).toContain('was 6');
    const claim = await newClaim('LTC');
    played.ltc.txs.push({
      txid: txid(),
      vout: [{ scriptpubkey_address: claim.address, value: sats(claim.due) }],
      status: { confirmed: true, block_height: played.ltc.tip, block_hash: 'l' },
    });
    await poll('ltc');
    expect((await claimRow(db(), claim.uuid)).status).toBe('paid');
    expect((await ops('chain', 'status')).output).toMatch(/LTC +ltc +confirmations 1\n/);
    expect((await ops('chain', 'confirmations', 'SBERRUB', '3')).code).toBe(1);
  });
});
