// GET /api/v1/calculator/...: directions, give/receive options, pairs, courses, reserves, tech and settings,
// in Russian at /api and English at /en/api, with 404 JSON for what does not exist.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  courseResponse,
  currencyList,
  directionsResponse,
  pairResponse,
  reservesResponse,
  settingsResponse,
  techResponse,
} from '../../src/api/schemas/calculator.ts';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { currencyId } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
let btc: number;
let sber: number;

beforeAll(async () => {
  test = await startTestApp();
  btc = await currencyId(test.database.db, 'BTC');
  sber = await currencyId(test.database.db, 'SBERRUB');
});
afterAll(async () => {
  await test.close();
});

function conforms(schema: z.core.$ZodType, value: unknown): void {
  const result = z.safeParse(schema, value);
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
}

describe('directions', () => {
  it('lists every give currency with the receive currencies it trades into', async () => {
    const reply = await call(test, 'GET', '/api/v1/calculator/');
    expect(reply.status).toBe(200);
    conforms(directionsResponse, reply.body);
    expect(reply.body.currencies.length).toBeGreaterThanOrEqual(12);
    const fromBtc = reply.body.directions.find((row: { id: number }) => row.id === btc);
    expect(fromBtc.ids).toContain(sber);
    const known = new Set(reply.body.currencies.map((row: { id: number }) => row.id));
    for (const direction of reply.body.directions) for (const id of direction.ids) expect(known.has(id)).toBe(true);
  });

  it('names currencies in the caller language', async () => {
    const ru = await call(test, 'GET', '/api/v1/calculator/from/');
    const en = await call(test, 'GET', '/en/api/v1/calculator/from/');
    conforms(currencyList, en.body);
    const name = (body: { id: number; name: string }[]) => body.find((row) => row.id === sber)?.name;
    expect(name(ru.body)).toBe('Сбербанк');
    expect(name(en.body)).toBe('Sberbank');
  });

  it('lists the receive options of one give currency, 404 for an unknown one', async () => {
    const reply = await call(test, 'GET', `/api/v1/calculator/from/${btc}/`);
    conforms(currencyList, reply.body);
    expect(reply.body.map((row: { code: string }) => row.code)).toEqual(
      expect.arrayContaining(['SBERRUB', 'TCSBRUB', 'ETH', 'USDTTRC20']),
    );
    expect(reply.body.map((row: { code: string }) => row.code)).not.toContain('BTC');
    for (const path of [
      '/api/v1/calculator/from/99999/',
      '/api/v1/calculator/from/abc/',
      '/api/v1/calculator/from/-1/',
    ]) {
      const missing = await call(test, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(typeof missing.body.detail).toBe('string');
    }
  });
});

describe('pair and course', () => {
  it('gives the course, limits, rounding, requisite structure and reserve of a pair', async () => {
    const reply = await call(test, 'GET', `/en/api/v1/calculator/pair/${btc}/${sber}/`);
    expect(reply.status).toBe(200);
    conforms(pairResponse, reply.body);
    const course = Number(reply.body.course);
    expect(course).toBeGreaterThan(8_000_000);
    expect(course).toBeLessThan(10_000_000);
    expect(reply.body.from).toMatchObject({ min: '0.0005', minVerification: '0.001', max: '5', roundCalculator: 8 });
    expect(reply.body.to).toMatchObject({ roundCalculator: 2, max: '1500000' });
    expect(
      reply.body.to.structure.input.map((field: { name: string; check: string }) => [field.name, field.check]),
    ).toEqual([
      ['card', 'card'],
      ['name', 'name'],
    ]);
    expect(reply.body.to.structure.input[0].label).toBe('Card number');
    expect(reply.body.reserve).toBe('25000000');
  });

  it('is tiny the other way round and shows notices in the caller language', async () => {
    const reply = await call(test, 'GET', `/api/v1/calculator/pair/${sber}/${btc}/`);
    expect(Number(reply.body.course)).toBeLessThan(0.000001);
    expect(reply.body.to.structure.input[0]).toMatchObject({ name: 'address', check: 'btc', visible: true });
    const cash = await currencyId(test.database.db, 'CASHRUB');
    const ru = await call(test, 'GET', `/api/v1/calculator/pair/${btc}/${cash}/`);
    const en = await call(test, 'GET', `/en/api/v1/calculator/pair/${btc}/${cash}/`);
    expect(ru.body.to.notify).toMatch(/офисе в Москве/);
    expect(en.body.to.notify).toMatch(/Moscow office/);
  });

  it('answers the course alone, and follows an operator change at once', async () => {
    const before = await call(test, 'GET', `/api/v1/calculator/course/${btc}/${sber}/`);
    conforms(courseResponse, before.body);
    const lines: string[] = [];
    expect(
      await runOps(['rates', 'set', 'BTC', 'SBERRUB', '9100000.5', '--verified', 'none'], { db: test.database.db, operator: await cliOperator(test.database.db),
        out: (line) => lines.push(line),
      }),
    ).toBe(0);
    const after = await call(test, 'GET', `/api/v1/calculator/course/${btc}/${sber}/`);
    expect(after.body).toMatchObject({ course: '9100000.5', verificationCourse: null });
    expect(new Date(after.body.updatedAt).getTime()).toBeGreaterThan(new Date(before.body.updatedAt).getTime());
  });

  it('answers 404 JSON for a pair that is not traded', async () => {
    for (const path of [
      `/api/v1/calculator/pair/${btc}/${btc}/`,
      `/en/api/v1/calculator/course/${sber}/99999/`,
      '/api/v1/calculator/pair/x/y/',
    ]) {
      const reply = await call(test, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(typeof reply.body.detail).toBe('string');
    }
    expect((await call(test, 'GET', `/en/api/v1/calculator/pair/${btc}/${btc}/`)).body.detail).toBe(
      'This exchange direction does not exist.',
    );
  });
});

describe('reserves, tech and settings', () => {
  it('lists the reserve of every currency', async () => {
    const reply = await call(test, 'GET', '/api/v1/calculator/reserves/');
    conforms(reservesResponse, reply.body);
    expect(reply.body.find((row: { id: number }) => row.id === btc).amount).toBe('12.5');
  });

  it('reports maintenance with the message of the caller language', async () => {
    expect((await call(test, 'GET', '/api/v1/calculator/tech/')).body).toEqual({
      maintenance: false,
      message: null,
    });
    const out = () => undefined;
    await runOps(['maintenance', 'on', '--message', 'Обновляем систему', '--message-en', 'Upgrading'], { db: test.database.db, operator: await cliOperator(test.database.db),
      out,
    });
    const en = await call(test, 'GET', '/en/api/v1/calculator/tech/');
    conforms(techResponse, en.body);
    expect(en.body).toEqual({ maintenance: true, message: 'Upgrading' });
    expect((await call(test, 'GET', '/api/v1/calculator/tech/')).body.message).toBe('Обновляем систему');
    await runOps(['maintenance', 'off'], { db: test.database.db, operator: await cliOperator(test.database.db), out });
    expect((await call(test, 'GET', '/api/v1/calculator/tech/')).body.maintenance).toBe(false);
  });

  it('maps currency codes to ids and carries the public switches', async () => {
    const reply = await call(test, 'GET', '/en/api/v1/calculator/settings/?cur_from=btc&cur_to=SBERRUB');
    conforms(settingsResponse, reply.body);
    expect(reply.body).toMatchObject({
      exchangeAttributes: { fromCurrencyId: btc, toCurrencyId: sber },
      contestStatus: true,
      captchaLogin: false,
      captchaClaim: false,
      captchaSiteKey: null,
      chat: null,
      analyticsCounter: null,
      supportEmail: 'support@exchanger.local',
      demo: true,
    });
    expect(reply.body.contest.title).toMatch(/contest/i);
    const unknown = await call(test, 'GET', '/api/v1/calculator/settings/?cur_from=NOPE');
    expect(unknown.body.exchangeAttributes).toEqual({ fromCurrencyId: null, toCurrencyId: null });
    expect((await call(test, 'GET', '/api/v1/calculator/settings/')).status).toBe(200);
  });

  it('follows the contest switch and the configured captcha, chat and analytics', async () => {
    const out = () => undefined;
    await runOps(['contest', 'off'], { db: test.database.db, operator: await cliOperator(test.database.db), out });
    const off = await call(test, 'GET', '/api/v1/calculator/settings/');
    expect(off.body).toMatchObject({ contest: null, contestStatus: false });
    await runOps(['contest', 'on'], { db: test.database.db, operator: await cliOperator(test.database.db), out });
    expect((await call(test, 'GET', '/api/v1/calculator/settings/')).body.contestStatus).toBe(true);

    const configured = await startTestApp({
      CAPTCHA_SECRET: 's',
      CAPTCHA_SITE_KEY: 'key-1',
      CHAT_WIDGET_RU: 'chat-ru',
      CHAT_WIDGET_EN: 'chat-en',
      ANALYTICS_COUNTER: '12345',
      SUPPORT_EMAIL: 'help@example.com',
    });
    try {
      const ru = await call(configured, 'GET', '/api/v1/calculator/settings/');
      expect(ru.body).toMatchObject({
        captchaLogin: true,
        captchaClaim: true,
        captchaSiteKey: 'key-1',
        chat: { widgetId: 'chat-ru' },
        analyticsCounter: '12345',
        supportEmail: 'help@example.com',
      });
      expect((await call(configured, 'GET', '/en/api/v1/calculator/settings/')).body.chat).toEqual({
        widgetId: 'chat-en',
      });
    } finally {
      await configured.close();
    }
  });

  it('hides a direction the operator deactivated', async () => {
    await test.database.db.execute(
      sql`update directions set active = false where from_id = ${btc} and to_id = ${sber}`,
    );
    await runOps(['reserves', 'set', 'BTC', '12.5'], { db: test.database.db, operator: await cliOperator(test.database.db), out: () => undefined });
    const reply = await call(test, 'GET', `/api/v1/calculator/from/${btc}/`);
    expect(reply.body.map((row: { id: number }) => row.id)).not.toContain(sber);
    expect((await call(test, 'GET', `/api/v1/calculator/pair/${btc}/${sber}/`)).status).toBe(404);
  });
});
