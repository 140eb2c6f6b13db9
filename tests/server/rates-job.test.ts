// The rates refresh against a local server that plays Binance and the CBR (no test reaches the internet):
// courses follow a price change within one period, a held jump waits for the operator, a dead source pauses
// exactly the directions that read it once its prices pass the max age (and they resume on fresh prices),
// a malformed answer never becomes a course, and two instances on one database fetch once per period.
/* eslint-disable @typescript-eslint/no-explicit-any -- rows are checked by the assertions, not typed up front */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../server/db/index.ts';
import { setLogLevel } from '../../server/log.ts';
import { runOps } from '../../server/ops/commands.ts';
import { loadRatesConfig, type RatesConfig } from '../../server/rates/config.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { purgeRateHistory, setDirectionFormula } from '../../server/rates/operator.ts';
import { startRatesJob } from '../../server/rates/job.ts';
import { refreshRates } from '../../server/rates/refresh.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { currencyId } from './support/claims.ts';
import { playSources, type PlayedSources } from './support/rateSources.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
let played: PlayedSources;
let config: RatesConfig;
const t0 = new Date();
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const ids: Record<'btcRub' | 'ethBtc' | 'usdtRub', { from: number; to: number; id: number }> = {} as never;

async function directionOf(from: string, to: string) {
  const [fromId, toId] = [await currencyId(test.database.db, from), await currencyId(test.database.db, to)];
  const result = await test.database.db.execute<{ id: number }>(
    sql`select id from directions where from_id = ${fromId} and to_id = ${toId}`,
  );
  return { from: fromId, to: toId, id: result.rows[0]!.id };
}

async function direction(id: number): Promise<{ course: string; paused: boolean; held: string | null }> {
  const result = await test.database.db.execute<any>(sql`
    select d.course::text as course, d.paused, f.held_course::text as held
    from directions d left join direction_formulas f on f.direction_id = d.id where d.id = ${id}`);
  return result.rows[0];
}

async function eventKinds(id: number): Promise<string[]> {
  const result = await test.database.db.execute<{ kind: string }>(
    sql`select kind from rate_events where direction_id = ${id} order by id`,
  );
  return result.rows.map((row) => row.kind);
}

async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

beforeAll(async () => {
  test = await startTestApp();
  // The failing sources below are on purpose: their warnings would only be noise here.
  setLogLevel('error');
  played = await playSources();
  played.binance.set('BTCUSDT', '97000.00000000');
  played.binance.set('ETHBTC', '0.03500000');
  played.cbr.set('USD', ['1', '100,0000']);
  const env = {
    RATES_BINANCE_URL: played.url,
    RATES_CBR_URL: played.url,
    RATES_REFRESH_SECONDS: '60',
    RATES_MAX_AGE_SECONDS: '300',
    RATES_FETCH_TIMEOUT_SECONDS: '1',
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  config = loadRatesConfig(env);
  ids.btcRub = await directionOf('BTC', 'SBERRUB');
  ids.ethBtc = await directionOf('ETH', 'BTC');
  ids.usdtRub = await directionOf('USDTTRC20', 'SBERRUB');
  const set = (id: number, course: string, roundDecimals: number | null) =>
    setDirectionFormula(test.database.db, CLI_ACTOR, config, id, { course, roundDecimals, maxStepPercent: '5' }, t0);
  expect((await set(ids.btcRub.id, 'binance:BTCUSDT * cbr:USD * 0.985', 2)).course).toBe('9554500');
  expect((await set(ids.ethBtc.id, 'binance:ETHBTC * 0.99', null)).course).toBe('0.03465');
  expect((await set(ids.usdtRub.id, 'cbr:USD * 0.99', 2)).course).toBe('99');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await played.close();
  await test.close();
});

describe('courses follow the market', () => {
  it('a price change reaches the course, its history and the calculator within one period', async () => {
    played.binance.set('BTCUSDT', '98000.12000000');
    const outcome = await refreshRates(test.database.db, config, at(60));
    expect(outcome).toMatchObject({ ran: true, updated: 1, paused: 0, held: 0 });
    expect((await direction(ids.btcRub.id)).course).toBe('9653011.82');
    const history = await test.database.db.execute<any>(
      sql`select course::text as course, inputs from rate_history where direction_id = ${ids.btcRub.id} order by id desc limit 1`,
    );
    expect(history.rows[0]).toEqual({
      course: '9653011.82',
      inputs: { 'binance:BTCUSDT': '98000.12', 'cbr:USD': '100' },
    });
    const reply = await call(test, 'GET', `/api/v1/calculator/course/${ids.btcRub.from}/${ids.btcRub.to}/`);
    expect(reply.body.course).toBe('9653011.82');
    expect(reply.body.updatedAt).toBe(at(60).toISOString());
    const pair = await call(test, 'GET', `/api/v1/calculator/pair/${ids.btcRub.from}/${ids.btcRub.to}/`);
    expect(pair.body).toMatchObject({ course: '9653011.82', updatedAt: at(60).toISOString() });
  });

  it('a second run in the same period does nothing', async () => {
    played.binance.set('BTCUSDT', '98100.00000000');
    const before = { ...played.requests };
    expect((await refreshRates(test.database.db, config, at(90))).ran).toBe(false);
    expect(played.requests).toEqual(before);
    expect((await direction(ids.btcRub.id)).course).toBe('9653011.82');
  });
});

describe('a jump beyond the threshold', () => {
  it('is held with the previous course kept and the direction paused, logged once, and applied when the operator accepts', async () => {
    played.binance.set('ETHBTC', '0.04000000');
    expect(await refreshRates(test.database.db, config, at(120))).toMatchObject({ ran: true, held: 1 });
    expect(await direction(ids.ethBtc.id)).toEqual({ course: '0.03465', paused: true, held: '0.0396' });
    expect(await refreshRates(test.database.db, config, at(180))).toMatchObject({ ran: true, held: 0 });
    expect((await eventKinds(ids.ethBtc.id)).filter((kind) => kind === 'held')).toHaveLength(1);

    const status = await ops('rates', 'status');
    expect(status.output).toMatch(/ETH → BTC\s+HELD\s+course 0.03465 .* held 0.0396/);
    const accepted = await ops('rates', 'accept', 'ETH', 'BTC');
    expect(accepted).toEqual({ code: 0, output: 'ETH → BTC: held course 0.0396 accepted' });
    expect(await direction(ids.ethBtc.id)).toEqual({ course: '0.0396', paused: false, held: null });
    expect(await ops('rates', 'accept', 'ETH', 'BTC')).toMatchObject({ code: 1 });
  });
});

describe('a dead source', () => {
  it('pauses exactly the directions that read it once its prices pass the max age, then resumes them', async () => {
    played.mode.binance = 'down';
    // Binance was last fetched at 180 s: still fresh at 240 s.
    expect(await refreshRates(test.database.db, config, at(240))).toMatchObject({ ran: true, paused: 0 });
    expect(await refreshRates(test.database.db, config, at(481))).toMatchObject({ ran: true, paused: 2 });
    expect((await direction(ids.btcRub.id)).paused).toBe(true);
    expect((await direction(ids.ethBtc.id)).paused).toBe(true);
    expect((await direction(ids.usdtRub.id)).paused).toBe(false);
    expect(await eventKinds(ids.btcRub.id)).toEqual(['formula_set', 'paused']);
    expect(await eventKinds(ids.usdtRub.id)).toEqual(['formula_set']);

    // Not offered, not claimable, not exported; the cbr-only direction still is.
    const pair = (d: { from: number; to: number }) =>
      call(test, 'GET', `/api/v1/calculator/pair/${d.from}/${d.to}/`);
    expect((await pair(ids.btcRub)).status).toBe(404);
    expect((await pair(ids.usdtRub)).status).toBe(200);
    const exported = await call(test, 'GET', '/export/rates.xml');
    expect(exported.body).toContain('<from>USDTTRC20</from>');
    expect(exported.body).not.toMatch(/<from>BTC<\/from>\s*<to>SBERRUB<\/to>/);

    const events = await ops('rates', 'events');
    expect(events.output).toMatch(/paused\s+BTC → SBERRUB: stale inputs .*binance:BTCUSDT last fetched/);

    // Back online: after its back-off the source is fetched again and both directions resume.
    played.mode.binance = 'ok';
    expect(await refreshRates(test.database.db, config, at(541))).toMatchObject({ ran: true, resumed: 0 });
    const resumed = await refreshRates(test.database.db, config, at(800));
    expect(resumed).toMatchObject({ ran: true, resumed: 2 });
    expect((await direction(ids.btcRub.id)).paused).toBe(false);
    expect((await pair(ids.btcRub)).status).toBe(200);
    expect(await eventKinds(ids.btcRub.id)).toEqual(['formula_set', 'paused', 'resumed']);
  });

  it('a malformed answer is a failed fetch: no course moves, the failure is counted', async () => {
    played.mode.cbr = 'malformed';
    const before = await direction(ids.usdtRub.id);
    const outcome = await refreshRates(test.database.db, config, at(860));
    expect(outcome.quotes?.failed).toEqual(['cbr']);
    expect(await direction(ids.usdtRub.id)).toEqual(before);
    const state = await test.database.db.execute<any>(
      sql`select failures, last_error from rate_sources where source = 'cbr'`,
    );
    expect(state.rows[0]).toMatchObject({ failures: 1, last_error: expect.stringContaining('cbr') });
    played.mode.cbr = 'ok';
  });
});

describe('several instances', () => {
  it('two job runners on one database fetch once per period', async () => {
    const other = connect(test.database.url, 4);
    try {
      const before = { ...played.requests };
      const runs = await Promise.all([
        refreshRates(test.database.db, config, at(1200)),
        refreshRates(other.db, config, at(1200)),
      ]);
      expect(runs.filter((run) => run.ran)).toHaveLength(1);
      const halfway = await Promise.all([
        refreshRates(test.database.db, config, at(1230)),
        refreshRates(other.db, config, at(1231)),
      ]);
      expect(halfway.filter((run) => run.ran)).toHaveLength(0);
      expect(played.requests).toEqual({ binance: before.binance + 1, cbr: before.cbr + 1 });
      const next = await Promise.all([
        refreshRates(other.db, config, at(1261)),
        refreshRates(test.database.db, config, at(1261)),
      ]);
      expect(next.filter((run) => run.ran)).toHaveLength(1);
      expect(played.requests).toEqual({ binance: before.binance + 2, cbr: before.cbr + 2 });
    } finally {
      await other.close();
    }
  });
});

describe('the operator CLI', () => {
  it('refuses a bad formula with the position, and sets and removes a good one', async () => {
    played.binance.set('LTCBTC', '0.00098600');
    const zero = await ops('rates', 'formula', 'LTC', 'BTC', 'binance:LTCBTC / (cbr:USD - cbr:USD)');
    expect(zero.code).toBe(1);
    expect(zero.output).toBe(
      'refused: division by zero at position 16\n  binance:LTCBTC / (cbr:USD - cbr:USD)\n                 ^',
    );
    const unknown = await ops('rates', 'formula', 'LTC', 'BTC', '2 * binance:XYZBTC');
    expect(unknown.output).toMatch(/^refused: no price for binance:XYZBTC at position 5/);
    expect((await ops('rates', 'formula', 'LTC', 'BTC', 'kraken:LTCBTC')).output).toMatch(/unknown source "kraken"/);
    expect((await ops('rates', 'formula', 'LTC', 'BTC', '(1 + 2')).output).toMatch(/never closed at position 1/);
    const verified = await ops('rates', 'formula', 'LTC', 'BTC', '0.0001', '--verified', '0.0001 *');
    expect(verified.output).toMatch(/ends where a number .* at position 9\n {2}0.0001 \*\n {10}\^$/);
    expect(await eventKinds((await directionOf('LTC', 'BTC')).id)).toEqual([]);

    const set = await ops(
      'rates',
      'formula',
      'LTC',
      'BTC',
      'binance:LTCBTC*0.98',
      '--verified',
      'binance:LTCBTC * 0.985',
    );
    expect(set).toEqual({
      code: 0,
      output: 'LTC → BTC follows binance:LTCBTC*0.98: course 0.00096628, verified 0.00097121',
    });
    expect(await ops('rates', 'set', 'LTC', 'BTC', '0.001')).toEqual({
      code: 1,
      output: 'refused: LTC → BTC follows a formula; `rates formula LTC BTC none` first for a manual course',
    });
    expect(await ops('rates', 'formula', 'LTC', 'BTC', 'none')).toEqual({
      code: 0,
      output: 'LTC → BTC: manual course from now on',
    });
    expect(await ops('rates', 'formula', 'LTC', 'BTC', 'none')).toMatchObject({ code: 1 });
    expect(await ops('rates', 'set', 'LTC', 'BTC', '0.001')).toMatchObject({ code: 0 });
    expect((await ops('rates', 'formula', 'LTC', 'BTC', '1', '--round', '19')).code).toBe(2);
  });
});

describe('the job in a server process', () => {
  it('refreshes by itself every period and stops cleanly; RATES_REFRESH_SECONDS=0 starts nothing', async () => {
    // The runs above used clocks far ahead: hand the slot back to the real clock.
    await test.database.db.execute(sql`update rate_refresh_slot set next_run_at = now()`);
    await test.database.db.execute(sql`update rate_sources set failures = 0, next_attempt_at = null`);
    await test.database.db.execute(sql`update rate_quotes set fetched_at = now()`);
    played.binance.set('ETHBTC', '0.03980000');
    const before = played.requests.binance;
    const job = startRatesJob(test.database.db, { ...config, refreshSeconds: 1 });
    try {
      await vi.waitFor(async () => expect((await direction(ids.ethBtc.id)).course).toBe('0.039402'), {
        timeout: 10_000,
        interval: 100,
      });
      await vi.waitFor(() => expect(played.requests.binance).toBeGreaterThanOrEqual(before + 2), { timeout: 10_000 });
    } finally {
      await job.stop();
    }
    const off = startRatesJob(test.database.db, { ...config, refreshSeconds: 0 });
    const stopped = played.requests.binance;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await off.stop();
    expect(played.requests.binance).toBe(stopped);
  });
});

describe('retention', () => {
  it('purges history and events older than the cut, nothing newer', async () => {
    const count = async (table: string, older: boolean) => {
      const result = await test.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(table)} where (at < ${at(100).toISOString()}::timestamptz) = ${older}`,
      );
      return result.rows[0]!.n;
    };
    const [oldHistory, oldEvents] = [await count('rate_history', true), await count('rate_events', true)];
    const [keptHistory, keptEvents] = [await count('rate_history', false), await count('rate_events', false)];
    expect(oldHistory).toBeGreaterThan(0);
    expect(await purgeRateHistory(test.database.db, at(100))).toBe(oldHistory + oldEvents);
    expect([await count('rate_history', true), await count('rate_events', true)]).toEqual([0, 0]);
    expect([await count('rate_history', false), await count('rate_events', false)]).toEqual([keptHistory, keptEvents]);
  });
});
