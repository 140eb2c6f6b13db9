// The live-rate guards hold: a jump beyond the step (the default one when the formula sets none) or a creep
// beyond the drift limit from the slower reference pauses the direction everywhere (calculator, claims, export)
// until the operator answers; a claim is never priced from inputs older than RATES_MAX_AGE_SECONDS by the
// database's clock, whatever the refresh job did; the console refuses a typed course on a formula direction.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies and rows are checked by the assertions */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../server/log.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { loadRatesConfig, type RatesConfig } from '../../server/rates/config.ts';
import { decideHeldCourse, setDirectionFormula } from '../../server/rates/operator.ts';
import { refreshRates } from '../../server/rates/refresh.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { currencyId, validClaim } from './support/claims.ts';
import { playSources, type PlayedSources } from './support/rateSources.ts';

let test: TestApp;
let played: PlayedSources;
let config: RatesConfig;
let direction: { id: number; from: number; to: number };
const t0 = new Date();
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

/** A claim of the direction, from a payload made while it was offered (a paused one has no pair to read). */
let payload: Awaited<ReturnType<typeof validClaim>>;
async function claimStatus(locale = ''): Promise<number> {
  return (await call(test, 'POST', `${locale}/api/v1/claim/`, payload)).status;
}

async function exported(): Promise<boolean> {
  const xml = (await call(test, 'GET', '/export/rates.xml')).body as string;
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].some(
    (match) => match[1]!.includes('<from>BTC</from>') && match[1]!.includes('<to>SBERRUB</to>'),
  );
}

async function state(): Promise<{ course: string; paused: boolean; held: string | null }> {
  const result = await test.database.db.execute<any>(sql`
    select d.course::text as course, d.paused, f.held_course::text as held
    from directions d join direction_formulas f on f.direction_id = d.id where d.id = ${direction.id}`);
  return result.rows[0];
}

beforeAll(async () => {
  test = await startTestApp();
  setLogLevel('error');
  played = await playSources();
  played.binance.set('BTCUSDT', '100000.00000000');
  played.cbr.set('USD', ['1', '100,0000']);
  const env = { RATES_BINANCE_URL: played.url, RATES_CBR_URL: played.url, RATES_REFRESH_SECONDS: '60', RATES_FETCH_TIMEOUT_SECONDS: '1' };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  config = loadRatesConfig(env);
  const [from, to] = [await currencyId(test.database.db, 'BTC'), await currencyId(test.database.db, 'SBERRUB')];
  const found = await test.database.db.execute<{ id: number }>(sql`select id from directions where from_id = ${from} and to_id = ${to}`);
  direction = { id: found.rows[0]!.id, from, to };
  // No --max-step: the default step (5 %) guards it.
  const set = await setDirectionFormula(test.database.db, CLI_ACTOR, config, direction.id, { course: 'binance:BTCUSDT * cbr:USD', roundDecimals: 2, maxStepPercent: null }, t0);
  expect(set.course).toBe('10000000');
  payload = await validClaim(test, 'BTC', 'SBERRUB');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await played.close();
  await test.close();
});

describe('a held jump', () => {
  it('of 10 % stops new claims and leaves the calculator and the export until accepted', async () => {
    expect(await claimStatus()).toBe(201);
    expect(await exported()).toBe(true);
    played.binance.set('BTCUSDT', '110000.00000000');
    expect(await refreshRates(test.database.db, config, at(60))).toMatchObject({ ran: true, held: 1, updated: 0 });
    expect(await state()).toEqual({ course: '10000000', paused: true, held: '11000000' });
    expect(await claimStatus()).toBe(400);
    expect(await exported()).toBe(false);
    const pair = await call(test, 'GET', `/api/v1/calculator/pair/${direction.from}/${direction.to}/`);
    expect(pair.status).not.toBe(200);
    // Still held a period later: the direction stays paused.
    expect(await refreshRates(test.database.db, config, at(120))).toMatchObject({ ran: true, held: 0, updated: 0 });
    expect((await state()).paused).toBe(true);

    expect(await decideHeldCourse(test.database.db, CLI_ACTOR, direction.id, 'accept', at(150))).toEqual({ done: true, course: '11000000' });
    expect(await state()).toEqual({ course: '11000000', paused: false, held: null });
    expect(await claimStatus()).toBe(201);
    expect(await exported()).toBe(true);
  });

  it('rejected: the old course trades again (and the next refresh holds again while the market stays)', async () => {
    played.binance.set('BTCUSDT', '130000.00000000');
    expect(await refreshRates(test.database.db, config, at(180))).toMatchObject({ held: 1 });
    expect(await claimStatus()).toBe(400);
    expect(await decideHeldCourse(test.database.db, CLI_ACTOR, direction.id, 'reject', at(200))).toMatchObject({ done: true });
    expect(await state()).toEqual({ course: '11000000', paused: false, held: null });
    expect(await claimStatus()).toBe(201);
    played.binance.set('BTCUSDT', '110000.00000000');
    expect(await refreshRates(test.database.db, config, at(240))).toMatchObject({ ran: true, held: 0 });
  });
});

describe('a creep of steps within the step', () => {
  it('is held once it drifts more than the limit from the reference course', async () => {
    const steps = ['114000.00000000', '118000.00000000', '122000.00000000'];
    let second = 300;
    for (const price of steps.slice(0, 2)) {
      played.binance.set('BTCUSDT', price);
      expect(await refreshRates(test.database.db, config, at(second))).toMatchObject({ updated: 1, held: 0 });
      second += 60;
    }
    played.binance.set('BTCUSDT', steps[2]!);
    // 3.4 % over the last course, 10.9 % over the accepted one (the reference): held, paused.
    expect(await refreshRates(test.database.db, config, at(second))).toMatchObject({ updated: 0, held: 1 });
    expect(await state()).toMatchObject({ course: '11800000', paused: true, held: '12200000' });
    const [event] = (await test.database.db.execute<any>(sql`select detail from rate_events where direction_id = ${direction.id} and kind = 'held' order by id desc limit 1`)).rows;
    expect(event.detail).toMatch(/drifts 10\.9091 % from 11000000/);
    await decideHeldCourse(test.database.db, CLI_ACTOR, direction.id, 'accept', at(second + 10));
  });
});

describe('the age of a course', () => {
  it('is checked when a claim is priced, by the database clock, though the refresh job has not paused it', async () => {
    expect(await claimStatus()).toBe(201);
    await test.database.db.execute(sql`update rate_quotes set fetched_at = now() - interval '10 minutes'`);
    expect((await state()).paused).toBe(false);
    const refused = await call(test, 'POST', '/en/api/v1/claim/', payload);
    expect(refused.status).toBe(400);
    expect(refused.body.toPs).toEqual(['This exchange direction is not available.']);
    await test.database.db.execute(sql`update rate_quotes set fetched_at = now()`);
    expect(await claimStatus()).toBe(201);
  });
});

describe('the console', () => {
  it('refuses a typed course on a direction that follows a formula, as the CLI does', async () => {
    const operator = await createOperator(test.database.db, CLI_ACTOR, 'rates-guard@example.com', 'operator-pass-1');
    const signedIn = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', { email: operator.email, password: 'operator-pass-1', code: totpCode(operator.secret) });
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('ops_session='))!.split(';')[0]!;
    const before = await state();
    const reply = await call(test, 'PATCH', `/ops-api/en/v1/directions/${direction.id}/`, { course: '1' }, { headers: { cookie } });
    expect(reply.status).toBe(400);
    expect(reply.body.course).toEqual(['This direction’s rate follows a formula: remove the formula first to set it by hand.']);
    expect(await state()).toEqual(before);
    const limits = await call(test, 'PATCH', `/ops-api/v1/directions/${direction.id}/`, { fromMin: '0.001' }, { headers: { cookie } });
    expect(limits.status).toBe(200);
  });
});
