// The console's live rates (/ops-api/v1/rates/) against a played market: a formula is refused with its position in
// the caller's language and nothing changes; a good one sets the course; a held jump is accepted or rejected; the
// formula is removed; each change writes one audit row in its transaction; no session, no rates.
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are checked by the assertions, not typed up front */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../server/db/schema/operators.ts';
import { setLogLevel } from '../../server/log.ts';
import { CLI_ACTOR } from '../../server/backoffice/audit.ts';
import { createOperator } from '../../server/backoffice/operators.ts';
import { totpCode } from '../../server/backoffice/totp.ts';
import { loadRatesConfig, type RatesConfig } from '../../server/rates/config.ts';
import { refreshRates } from '../../server/rates/refresh.ts';
import { approvedBy, signedInOperator, type SignedInOperator } from './support/operators.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { currencyId } from './support/claims.ts';
import { playSources, type PlayedSources } from './support/rateSources.ts';

let test: TestApp;
let played: PlayedSources;
let config: RatesConfig;
let cookie: string;
let directionId: number;
/** The second admin who approves formula changes (four eyes). */
let checker: SignedInOperator;
const TARGET = 'BTC-SBERRUB';

beforeAll(async () => {
  test = await startTestApp();
  setLogLevel('error');
  played = await playSources();
  played.binance.set('BTCUSDT', '97000.00000000');
  played.cbr.set('USD', ['1', '100,0000']);
  const env = { RATES_BINANCE_URL: played.url, RATES_CBR_URL: played.url, RATES_FETCH_TIMEOUT_SECONDS: '1' };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  config = loadRatesConfig(env);
  const operator = await createOperator(test.database.db, CLI_ACTOR, 'rates@example.com', 'operator-pass-1');
  const signIn = await call(test, 'POST', '/ops-api/v1/auth/sign-in/', {
    email: operator.email,
    password: 'operator-pass-1',
    code: totpCode(operator.secret),
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .find((header) => header.startsWith('ops_session='))!
    .split(';')[0]!;
  const [from, to] = [await currencyId(test.database.db, 'BTC'), await currencyId(test.database.db, 'SBERRUB')];
  const found = await test.database.db.execute<{ id: number }>(
    sql`select id from directions where from_id = ${from} and to_id = ${to}`,
  );
  directionId = found.rows[0]!.id;
  checker = await signedInOperator(test, 'rates-checker@example.com', 'admin');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await played.close();
  await test.close();
});

function ratesCall(method: string, path: string, body?: unknown, english = false) {
  return call(test, method, `/ops-api/${english ? 'en/' : ''}v1/rates/${path}`, body, { headers: { cookie } });
}

const formula = (changes: Record<string, unknown> = {}) => ({
  course: 'binance:BTCUSDT * cbr:USD * 0.985',
  verified: 'binance:BTCUSDT * cbr:USD * 0.99',
  roundDecimals: '2',
  maxStepPercent: '5',
  ...changes,
});

async function auditActions(): Promise<any[]> {
  return test.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.target} = ${TARGET} and ${auditLog.action} like 'rates.%'`)
    .orderBy(auditLog.id);
}

async function course(): Promise<string> {
  const result = await test.database.db.execute<{ course: string }>(
    sql`select course::text as course from directions where id = ${directionId}`,
  );
  return result.rows[0]!.course;
}

describe('refusals change nothing', () => {
  it('answers 401 without an operator session', async () => {
    const reply = await call(test, 'GET', '/ops-api/v1/rates/');
    expect(reply.status).toBe(401);
  });

  it('refuses a formula with its position, in Russian and in English, on the formula it points into', async () => {
    const before = await course();
    const russian = await ratesCall('PUT', `${directionId}/formula/`, formula({ course: 'binance:BTCUSDT * nowhere:USD' }));
    expect(russian.status).toBe(400);
    expect(russian.body).toEqual({ course: ['Позиция 19: Неизвестный источник (известны: binance, cbr).'] });
    const english = await ratesCall(
      'PUT',
      `${directionId}/formula/`,
      formula({ verified: 'binance:BTCUSDT * (cbr:USD' }),
      true,
    );
    expect(english.body).toEqual({ verified: ['Position 19: This parenthesis is never closed.'] });
    const zero = await ratesCall(
      'PUT',
      `${directionId}/formula/`,
      formula({ course: 'binance:BTCUSDT / (cbr:USD - 100)' }),
      true,
    );
    expect(zero.body).toEqual({ course: ['Position 17: Division by zero.'] });
    expect(await course()).toBe(before);
    expect(await auditActions()).toEqual([]);
  });

  it('refuses decimal places and a largest step outside the CLI rules', async () => {
    const reply = await ratesCall(
      'PUT',
      `${directionId}/formula/`,
      formula({ roundDecimals: '19', maxStepPercent: '0' }),
      true,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.roundDecimals[0]).toMatch(/0 to 18/);
    expect(reply.body.maxStepPercent[0]).toMatch(/positive percent/);
    const missing = await ratesCall('PUT', `${directionId}/formula/`, { course: ' ' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['course', 'maxStepPercent', 'roundDecimals', 'verified']);
  });

  it('answers 404 for an unknown direction and for a jump that is not held', async () => {
    expect((await ratesCall('PUT', '999999/formula/', formula())).status).toBe(404);
    expect((await ratesCall('POST', `${directionId}/held/`, { answer: 'accept' })).status).toBe(404);
    expect((await ratesCall('POST', `${directionId}/held/`, { answer: 'maybe' })).status).toBe(400);
  });
});

describe('a direction on a formula', () => {
  it('sets the formula and the course it gives today, audited with before and after', async () => {
    const proposed = await ratesCall('PUT', `${directionId}/formula/`, formula());
    expect(proposed.status).toBe(202);
    expect(await course()).not.toBe('9554500');
    const approved = await approvedBy(test, checker, proposed);
    expect(approved.body).toMatchObject({ kind: 'formula.set', target: 'BTC SBERRUB', before: null, after: { computedCourse: '9554500' } });
    expect(await course()).toBe('9554500');
    const [row] = await auditActions();
    expect(row).toMatchObject({ action: 'rates.formula_set', actor: 'rates@example.com' });
    expect(row.before).toMatchObject({ courseFormula: null });
    expect(row.after).toMatchObject({
      course: '9554500',
      courseFormula: 'binance:BTCUSDT * cbr:USD * 0.985',
      roundDecimals: 2,
      maxStepPercent: '5',
    });
    const list = await ratesCall('GET', '');
    expect(list.body.feeds).toContainEqual(
      expect.objectContaining({
        directionId,
        fromCode: 'BTC',
        toCode: 'SBERRUB',
        course: '9554500',
        heldCourse: null,
        paused: false,
      }),
    );
    expect(list.body.events[0]).toMatchObject({ kind: 'formula_set', fromCode: 'BTC', course: '9554500' });
  });

  it('shows a jump beyond the largest step as held; accept writes it, reject keeps the course', async () => {
    played.binance.set('BTCUSDT', '110000.00000000');
    await refreshRates(test.database.db, config, new Date(Date.now() + 60_000));
    const held = (await ratesCall('GET', '')).body.feeds.find((feed: any) => feed.directionId === directionId);
    expect(held).toMatchObject({ course: '9554500', heldCourse: '10835000' });
    expect((await ratesCall('POST', `${directionId}/held/`, { answer: 'reject' })).body).toEqual({
      done: true,
      course: '10835000',
    });
    expect(await course()).toBe('9554500');
    await refreshRates(test.database.db, config, new Date(Date.now() + 120_000));
    expect((await ratesCall('POST', `${directionId}/held/`, { answer: 'accept' })).status).toBe(200);
    expect(await course()).toBe('10835000');
    const actions = (await auditActions()).map((row) => [row.action, row.before.course, row.after.course]);
    expect(actions.slice(1)).toEqual([
      ['rates.held_rejected', '9554500', '9554500'],
      ['rates.held_accepted', '9554500', '10835000'],
    ]);
  });

  it('goes back to a manual course once; a second removal answers 404', async () => {
    await approvedBy(test, checker, await ratesCall('DELETE', `${directionId}/formula/`));
    expect((await ratesCall('GET', '')).body.feeds.some((feed: any) => feed.directionId === directionId)).toBe(false);
    expect(await course()).toBe('10835000');
    const last = (await auditActions()).at(-1);
    expect(last).toMatchObject({ action: 'rates.formula_removed', after: { courseFormula: null, course: '10835000' } });
    const again = await ratesCall('DELETE', `${directionId}/formula/`, undefined, true);
    expect(again).toMatchObject({ status: 404, body: { detail: 'The direction has no formula.' } });
  });
});
