// GET /api/v1/status/: every listed direction, offered or paused with the reason the /status page words, and when
// its course last changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runOps } from '../../server/ops/commands.ts';
import { notifyCatalogChanged } from '../../server/catalogue/events.ts';
import { statusResponse, type DirectionStatus } from '../../src/api/schemas/status.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

const ops = async (...argv: string[]) => runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: () => undefined });

async function statuses(prefix = ''): Promise<DirectionStatus[]> {
  const reply = await call(test, 'GET', `${prefix}/api/v1/status/`);
  expect(reply.status).toBe(200);
  return statusResponse.parse(reply.body).directions;
}

const find = (rows: DirectionStatus[], from: string, to: string) =>
  rows.find((row) => row.from.code === from && row.to.code === to)!;

const pair = (from: string, to: string) => sql`from_id = (select id from currencies where code = ${from})
  and to_id = (select id from currencies where code = ${to})`;

describe('the status of each direction', () => {
  it('lists every calculator direction as offered, with currency names in the language asked', async () => {
    const rows = await statuses();
    const calculator = await call(test, 'GET', '/api/v1/calculator/');
    const offered = calculator.body.directions.reduce((sum: number, row: { ids: number[] }) => sum + row.ids.length, 0);
    expect(rows.filter((row) => row.offered)).toHaveLength(offered);
    expect(rows.every((row) => row.reason === null)).toBe(true);
    const btc = find(rows, 'BTC', 'SBERRUB');
    expect(btc.from.name).toBe('Bitcoin');
    expect(find(await statuses('/en'), 'BTC', 'SBERRUB').to.name).toMatch(/Sberbank/);
    expect(find(rows, 'BTC', 'SBERRUB').to.name).toMatch(/Сбербанк/);
  });

  it('says why a direction is paused: stale market prices, a held jump, an empty reserve, maintenance', async () => {
    const db = test.database.db;
    await db.execute(sql`update directions set paused = true where ${pair('ETH', 'SBERRUB')}`);
    await db.execute(sql`update directions set paused = true where ${pair('BTC', 'SBERRUB')}`);
    await db.execute(sql`insert into direction_formulas (direction_id, course_formula, held_course, held_at)
      select id, 'binance:BTCUSDT * cbr:USD', course * 1.2, now() from directions where ${pair('BTC', 'SBERRUB')}`);
    expect(await ops('reserves', 'set', 'LTC', '0')).toBe(0);
    try {
      const rows = await statuses();
      expect(find(rows, 'ETH', 'SBERRUB')).toMatchObject({ offered: false, reason: 'stale_rates' });
      expect(find(rows, 'BTC', 'SBERRUB')).toMatchObject({ offered: false, reason: 'jump_held' });
      expect(find(rows, 'SBERRUB', 'LTC')).toMatchObject({ offered: false, reason: 'no_reserve' });
      expect(find(rows, 'LTC', 'SBERRUB')).toMatchObject({ offered: true, reason: null });
      expect(await ops('maintenance', 'on')).toBe(0);
      expect((await statuses()).every((row) => row.reason === 'maintenance')).toBe(true);
    } finally {
      await ops('maintenance', 'off');
      await ops('reserves', 'set', 'LTC', '900');
      await db.execute(sql`delete from direction_formulas`);
      await db.execute(sql`update directions set paused = false`);
      await notifyCatalogChanged(db);
    }
  });

  it('dates a course by the newest course a formula wrote', async () => {
    const db = test.database.db;
    await db.execute(sql`insert into rate_history (direction_id, course, inputs, at)
      select id, course, '{}'::jsonb, '2026-03-01T10:00:00Z' from directions where ${pair('LTC', 'SBERRUB')}`);
    expect(find(await statuses(), 'LTC', 'SBERRUB').courseChangedAt).toBe('2026-03-01T10:00:00.000Z');
  });
});
