// GET /export/rates.xml: the rate-monitor export of every direction a client can use now (available reserve,
// sane limits, not paused, no maintenance), with params, city, ETag / Last-Modified and 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { runOps } from '../../server/ops/commands.ts';
import { notifyCatalogChanged } from '../../server/services/catalogEvents.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, pairOf, validClaim } from './support/claims.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

function items(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((field) => [field[1]!, field[2]!])),
  );
}

describe('rates.xml', () => {
  it('lists every active direction with rate, reserve and limits', async () => {
    const reply = await call(test, 'GET', '/export/rates.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/xml/);
    expect(reply.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rates>/);
    const all = items(reply.body);
    const directions = await call(test, 'GET', '/api/v1/calculator/');
    const count = directions.body.directions.reduce((sum: number, row: { ids: number[] }) => sum + row.ids.length, 0);
    expect(all).toHaveLength(count);

    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    const btcSber = all.find((item) => item.from === 'BTC' && item.to === 'SBERRUB')!;
    expect(btcSber).toMatchObject({
      in: '1',
      out: pair.course,
      amount: '25000000',
      minamount: '0.0005 BTC',
      param: 'manual, verifying',
    });
    expect(btcSber.city).toBeUndefined();

    const reverse = await pairOf(test, 'SBERRUB', 'BTC');
    const sberBtc = all.find((item) => item.from === 'SBERRUB' && item.to === 'BTC')!;
    expect(sberBtc.out).toBe('1');
    expect(new Big(sberBtc.in!).times(reverse.course).minus(1).abs().lt('0.0001')).toBe(true);
    expect(sberBtc.amount).toBe('12.5');
    // The seed flags no direction for card verification (cardVerification.test.ts flags one).
    expect(all.filter((item) => item.param!.includes('cardverify'))).toEqual([]);
    expect(all.every((item) => item.param!.split(', ').includes('manual'))).toBe(true);
    const cash = all.filter((item) => item.to === 'CASHRUB' || item.from === 'CASHRUB');
    expect(cash.length).toBeGreaterThan(0);
    expect(cash.every((item) => item.city === 'MSK')).toBe(true);
  });

  it('answers 304 to a monitor that already has the current version, and a new ETag after a change', async () => {
    const first = await call(test, 'GET', '/export/rates.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const cached = await call(test, 'GET', '/export/rates.xml', undefined, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.body).toBeNull();
    await runOps(['rates', 'set', 'BTC', 'SBERRUB', '9000000'], { db: test.database.db, out: () => undefined });
    const changed = await call(test, 'GET', '/export/rates.xml', undefined, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(items(changed.body).find((item) => item.from === 'BTC' && item.to === 'SBERRUB')!.out).toBe('9000000');
  });

  it('sends Last-Modified and answers If-Modified-Since with 304 while nothing changed', async () => {
    const first = await call(test, 'GET', '/export/rates.xml');
    const lastModified = first.headers.get('last-modified')!;
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    const cached = await call(test, 'GET', '/export/rates.xml', undefined, {
      headers: { 'if-modified-since': lastModified },
    });
    expect(cached.status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const stale = await call(test, 'GET', '/export/rates.xml', undefined, {
      headers: { 'if-modified-since': older },
    });
    expect(stale.status).toBe(200);
  });
});

describe('rates.xml leaves out what a client cannot use', () => {
  const out = () => undefined;
  const ops = (...argv: string[]) => runOps(argv, { db: test.database.db, out });
  const find = (all: Record<string, string>[], from: string, to: string) =>
    all.find((item) => item.from === from && item.to === to);
  const current = async () => items((await call(test, 'GET', '/export/rates.xml')).body);

  it('shows the available reserve: what open claims hold is taken off', async () => {
    const created = await call(
      test,
      'POST',
      '/api/v1/claim/',
      await validClaim(test, 'USDTTRC20', 'TCSBRUB', { fromSumma: '100' }),
    );
    expect(created.status).toBe(201);
    const { to_summa: held } = await claimRow(test.database.db, created.body.uuid);
    await notifyCatalogChanged(test.database.db);
    const amount = find(await current(), 'USDTTRC20', 'TCSBRUB')!.amount!;
    expect(new Big(amount).plus(held).eq('18000000')).toBe(true);
  });

  it('leaves out directions with no available reserve', async () => {
    expect(await ops('reserves', 'set', 'LTC', '0')).toBe(0);
    try {
      const all = await current();
      expect(all.filter((item) => item.to === 'LTC')).toEqual([]);
      expect(find(all, 'LTC', 'SBERRUB')).toBeDefined();
    } finally {
      await ops('reserves', 'set', 'LTC', '900');
    }
  });

  it('leaves out a direction whose minimum is above its maximum', async () => {
    const pair = sql`from_id = (select id from currencies where code = 'BTC')
      and to_id = (select id from currencies where code = 'SBERRUB')`;
    const saved = await test.database.db.execute(sql`select from_min, from_max from directions where ${pair}`);
    expect(await ops('limits', 'set', 'BTC', 'SBERRUB', '--from-min', '10', '--from-max', '1')).toBe(0);
    try {
      expect(find(await current(), 'BTC', 'SBERRUB')).toBeUndefined();
    } finally {
      const { from_min: min, from_max: max } = saved.rows[0] as { from_min: string | null; from_max: string | null };
      await test.database.db.execute(sql`update directions set from_min = ${min}, from_max = ${max} where ${pair}`);
      await notifyCatalogChanged(test.database.db);
    }
    expect(find(await current(), 'BTC', 'SBERRUB')).toBeDefined();
  });

  it('leaves out a paused direction', async () => {
    const pair = sql`from_id = (select id from currencies where code = 'ETH')
      and to_id = (select id from currencies where code = 'SBERRUB')`;
    await test.database.db.execute(sql`update directions set paused = true where ${pair}`);
    await notifyCatalogChanged(test.database.db);
    try {
      expect(find(await current(), 'ETH', 'SBERRUB')).toBeUndefined();
    } finally {
      await test.database.db.execute(sql`update directions set paused = false where ${pair}`);
      await notifyCatalogChanged(test.database.db);
    }
  });

  it('lists nothing during maintenance', async () => {
    expect(await ops('maintenance', 'on')).toBe(0);
    try {
      const reply = await call(test, 'GET', '/export/rates.xml');
      expect(reply.status).toBe(200);
      expect(reply.body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n</rates>\n');
    } finally {
      await ops('maintenance', 'off');
    }
    expect((await current()).length).toBeGreaterThan(0);
  });
});
