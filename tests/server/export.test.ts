// GET /export/rates.xml (BestChange 1.1) and /export/rates.json: the rate-monitor export of every direction a
// client can use now (available reserve, sane limits, not paused, no maintenance), valid against the format's
// schema, priced exactly as a claim made at that moment, with params, city, ETag / Last-Modified and 304; the
// self-audit withholds an item that disagrees with the committed direction.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { buildRatesExport, withheldItems } from '../../server/export/ratesExport.ts';
import { getCatalog } from '../../server/catalogue/catalog.ts';
import { runOps } from '../../server/ops/commands.ts';
import { notifyCatalogChanged } from '../../server/catalogue/events.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, pairOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

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
    expect(reply.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rates[ >]/);
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
      frommin: '0.0005',
      param: 'manual,verifying',
    });
    expect(btcSber.minamount).toBeUndefined();
    expect(btcSber.city).toBeUndefined();

    const reverse = await pairOf(test, 'SBERRUB', 'BTC');
    const sberBtc = all.find((item) => item.from === 'SBERRUB' && item.to === 'BTC')!;
    expect(sberBtc.out).toBe('1');
    expect(new Big(sberBtc.in!).times(reverse.course).minus(1).abs().lt('1e-8')).toBe(true);
    expect(sberBtc.amount).toBe('12.5');
    // The seed flags no direction for card verification (cardVerification.test.ts flags one).
    expect(all.filter((item) => item.param!.includes('cardverify'))).toEqual([]);
    expect(all.every((item) => item.param!.split(',').includes('manual'))).toBe(true);
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
    await runOps(['rates', 'set', 'BTC', 'SBERRUB', '9000000'], { db: test.database.db, operator: await cliOperator(test.database.db), out: () => undefined });
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
  const ops = async (...argv: string[]) => runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out });
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
      expect(items(reply.body)).toEqual([]);
      expect(reply.body).toMatch(/<rates [^>]*>\n<\/rates>\n$/);
    } finally {
      await ops('maintenance', 'off');
    }
    expect((await current()).length).toBeGreaterThan(0);
  });
});

/** Validates with Debian's xmllint (libxml2-utils, installed by .ci/run): answers its complaints, or '' when valid. */
function schemaProblems(xml: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rates-xsd-'));
  const file = path.join(folder, 'rates.xml');
  writeFileSync(file, xml);
  const schema = path.join(import.meta.dirname, 'fixtures', 'bestchange-rates-1.1.xsd');
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

describe('the export format (BestChange 1.1)', () => {
  it('validates against the schema, and the schema refuses the legacy layout', async () => {
    const reply = await call(test, 'GET', '/export/rates.xml');
    expect(schemaProblems(reply.body)).toBe('');
    const legacy = reply.body.replace(/<frommin>([^<]*)<\/frommin>/, '<minamount>$1 BTC</minamount>');
    expect(legacy).not.toBe(reply.body);
    expect(schemaProblems(legacy)).toMatch(/minamount/);
  });

  it('writes the receive side limits and the labels in the documented order', async () => {
    const all = items((await call(test, 'GET', '/export/rates.xml')).body);
    const pair = await pairOf(test, 'BTC', 'SBERRUB');
    const item = all.find((row) => row.from === 'BTC' && row.to === 'SBERRUB')!;
    expect(item.tomin).toBe(new Big(item.frommin!).times(pair.course).round(pair.to.roundCalculator).toFixed());
    expect(Object.keys(item)).toEqual([
      'from',
      'to',
      'in',
      'out',
      'amount',
      'frommin',
      'frommax',
      'tomin',
      'tomax',
      'param',
    ]);
  });

  it('serves the same items as JSON, with its own ETag and 304', async () => {
    const xml = items((await call(test, 'GET', '/export/rates.xml')).body);
    const reply = await call(test, 'GET', '/export/rates.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.body.version).toBe('1.1');
    const json = reply.body.items as Record<string, string | string[]>[];
    expect(json.map((item) => ({ ...item, param: (item.param as string[]).join(',') }))).toEqual(xml);
    const cached = await call(test, 'GET', '/export/rates.json', undefined, {
      headers: { 'if-none-match': reply.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  });

  it("prices every item as a claim made at its minimum at that moment: out/in is the claim's course to 1e-8", async () => {
    const all = items((await call(test, 'GET', '/export/rates.xml')).body);
    expect(all.length).toBeGreaterThan(10);
    for (const item of all) {
      const created = await call(
        test,
        'POST',
        '/api/v1/claim/',
        await validClaim(test, item.from!, item.to!, { fromSumma: item.frommin }),
      );
      expect(created.status, `${item.from} → ${item.to}: ${JSON.stringify(created.body)}`).toBe(201);
      const claim = await claimRow(test.database.db, created.body.uuid);
      const written = new Big(item.out!).div(item.in!);
      expect(
        written.minus(claim.course).abs().lte(new Big(claim.course).times('1e-8')),
        `${item.from} → ${item.to}`,
      ).toBe(true);
    }
  });
});

describe('the self-audit', () => {
  const pair = sql`from_id = (select id from currencies where code = 'LTC')
    and to_id = (select id from currencies where code = 'SBERRUB')`;

  it('withholds an item whose course changed under the export, records it, and publishes it again once it agrees', async () => {
    // The catalogue is read, then the course moves before the build checks it (no change notice reaches the cache).
    const catalog = await getCatalog(test.database.db);
    const saved = await test.database.db.execute<{ course: string }>(sql`select course from directions where ${pair}`);
    await test.database.db.execute(sql`update directions set course = course * 1.01 where ${pair}`);
    try {
      const built = await buildRatesExport(test.database.db, catalog);
      expect(items(built.xml.body).find((item) => item.from === 'LTC' && item.to === 'SBERRUB')).toBeUndefined();
      expect(items(built.xml.body).find((item) => item.from === 'BTC' && item.to === 'SBERRUB')).toBeDefined();
      expect(built.withheld.map(({ item, reason }) => [item.from, item.to, reason])).toEqual([
        ['LTC', 'SBERRUB', 'course'],
      ]);
      const open = await withheldItems(test.database.db);
      expect(open).toMatchObject([{ from: 'LTC', to: 'SBERRUB', reason: 'course' }]);
      expect(open[0]!.detail).toMatch(/LTC → SBERRUB/);
    } finally {
      await test.database.db.execute(sql`update directions set course = ${saved.rows[0]!.course} where ${pair}`);
      await notifyCatalogChanged(test.database.db);
    }
    const again = await buildRatesExport(test.database.db, await getCatalog(test.database.db));
    expect(items(again.xml.body).find((item) => item.from === 'LTC' && item.to === 'SBERRUB')).toBeDefined();
    expect(await withheldItems(test.database.db)).toEqual([]);
  });

  it('withholds an item whose limits changed under the export', async () => {
    const catalog = await getCatalog(test.database.db);
    const saved = await test.database.db.execute<{ from_min: string | null }>(
      sql`select from_min from directions where ${pair}`,
    );
    await test.database.db.execute(sql`update directions set from_min = 7 where ${pair}`);
    try {
      const built = await buildRatesExport(test.database.db, catalog);
      expect(built.withheld.map(({ reason }) => reason)).toEqual(['limits']);
    } finally {
      await test.database.db.execute(sql`update directions set from_min = ${saved.rows[0]!.from_min} where ${pair}`);
      await notifyCatalogChanged(test.database.db);
    }
  });
});
