// GET /export/rates.xml: the rate-monitor export of every active direction, with ETag / 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { runOps } from '../../server/ops/commands.ts';
import { request, startCoreApp, type CoreTestApp } from './support/app.ts';
import { pairOf } from './support/claims.ts';

let test: CoreTestApp;

beforeAll(async () => {
  test = await startCoreApp();
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
    const reply = await request(test, 'GET', '/export/rates.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/xml/);
    expect(reply.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rates>/);
    const all = items(reply.body);
    const directions = await request(test, 'GET', '/api/v1/calculator/');
    const count = directions.body.directions.reduce((sum: number, row: { ids: number[] }) => sum + row.ids.length, 0);
    expect(all).toHaveLength(count);

    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    const btcSber = all.find((item) => item.from === 'BTC' && item.to === 'SBERRUB')!;
    expect(btcSber).toMatchObject({
      in: '1',
      out: pair.course,
      amount: '25000000',
      minamount: '0.0005 BTC',
      param: 'verifying',
    });

    const reverse = await pairOf(test, 'SBERRUB', 'BTC');
    const sberBtc = all.find((item) => item.from === 'SBERRUB' && item.to === 'BTC')!;
    expect(sberBtc.out).toBe('1');
    expect(new Big(sberBtc.in!).times(reverse.course).minus(1).abs().lt('0.0001')).toBe(true);
    expect(sberBtc.amount).toBe('12.5');
    expect(sberBtc.param).toContain('cardverify');
    expect(all.find((item) => item.to === 'CASHRUB')!.param).toContain('manual');
  });

  it('answers 304 to a monitor that already has the current version, and a new ETag after a change', async () => {
    const first = await request(test, 'GET', '/export/rates.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const cached = await request(test, 'GET', '/export/rates.xml', undefined, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.body).toBeNull();
    await runOps(['rates', 'set', 'BTC', 'SBERRUB', '9000000'], { db: test.database.db, out: () => undefined });
    const changed = await request(test, 'GET', '/export/rates.xml', undefined, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(items(changed.body).find((item) => item.from === 'BTC' && item.to === 'SBERRUB')!.out).toBe('9000000');
  });
});
