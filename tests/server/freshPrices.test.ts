// A claim is priced from what PostgreSQL holds at the moment of creation, never from the display cache: a change
// written by another process (even one that announces nothing) is used by the very next claim; a client that
// showed an older course is told so (409 course_changed with the new course).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFromGive } from '../../src/domain/money.ts';
import { connect, type Database } from '../../server/db/index.ts';
import { runOps } from '../../server/ops/commands.ts';
import { CATALOG_TTL_MS } from '../../server/catalogue/catalog.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, pairOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
/** Another process on the same database: a second instance or the operator CLI. */
let other: Database;

beforeAll(async () => {
  test = await startTestApp();
  other = connect(test.database.url, 2);
});
afterAll(async () => {
  await other.close();
  await test.close();
});

const PAIR = sql`from_id = (select id from currencies where code = 'USDTTRC20')
  and to_id = (select id from currencies where code = 'SBERRUB')`;

async function create(payload: unknown, prefix = '') {
  return call(test, 'POST', `${prefix}/api/v1/claim/`, payload);
}

describe('pricing at creation', () => {
  it('uses a course written a moment ago by another process that announced nothing', async () => {
    const before = await pairOf(test, 'USDTTRC20', 'SBERRUB');
    await other.db.execute(sql`update directions set course = 80 where ${PAIR}`);
    const created = await create(await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' }));
    expect(created.status).toBe(201);
    const row = await claimRow(test.database.db, created.body.uuid);
    expect(before.course).not.toBe('80');
    expect(row.course).toBe('80');
    expect(row.to_summa).toBe(receiveFromGive('100', '80', 2));
  });

  it('after an operator change and idle time, the next claim and the pair answer the new course', async () => {
    await pairOf(test, 'USDTTRC20', 'SBERRUB');
    const out = () => undefined;
    expect(await runOps(['rates', 'set', 'USDTTRC20', 'SBERRUB', '81.5'], { db: other.db, operator: await cliOperator(other.db), out })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, CATALOG_TTL_MS + 100));
    expect((await pairOf(test, 'USDTTRC20', 'SBERRUB')).course).toBe('81.5');
    const created = await create(await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' }));
    expect((await claimRow(test.database.db, created.body.uuid)).course).toBe('81.5');
  });

  it('enforces limits written a moment ago', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' });
    const saved = await other.db.execute<{ from_min: string | null }>(
      sql`select from_min from directions where ${PAIR}`,
    );
    await other.db.execute(sql`update directions set from_min = 500 where ${PAIR}`);
    try {
      const refused = await create(payload, '/en');
      expect(refused.status).toBe(400);
      expect(refused.body.fromSumma[0]).toMatch(/^The minimum amount is 500/);
    } finally {
      await other.db.execute(sql`update directions set from_min = ${saved.rows[0]!.from_min} where ${PAIR}`);
    }
  });

  it('maintenance switched on elsewhere refuses the next claim', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' });
    await other.db.execute(
      sql`update site_settings set value = '{"enabled": true, "messageRu": null, "messageEn": "Back at noon"}'::jsonb
          where key = 'maintenance'`,
    );
    try {
      const refused = await create(payload, '/en');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: 'Back at noon' });
    } finally {
      await other.db.execute(
        sql`update site_settings set value = '{"enabled": false, "messageRu": null, "messageEn": null}'::jsonb
            where key = 'maintenance'`,
      );
    }
    expect((await create(payload)).status).toBe(201);
  });
});

describe('the course the client showed (expectedCourse)', () => {
  it('creates the claim when it is still the course', async () => {
    const pair = await pairOf(test, 'USDTTRC20', 'SBERRUB');
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' });
    expect((await create({ ...payload, expectedCourse: pair.course })).status).toBe(201);
  });

  it('refuses with the new course, in the caller language, when the course moved', async () => {
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100' });
    const shown = (await pairOf(test, 'USDTTRC20', 'SBERRUB')).course;
    await other.db.execute(sql`update directions set course = 79.25 where ${PAIR}`);
    const english = await create({ ...payload, expectedCourse: shown }, '/en');
    expect(english.status).toBe(409);
    expect(english.body).toEqual({
      detail: 'The rate has changed. Check the new amounts and submit again.',
      code: 'course_changed',
      course: '79.25',
    });
    const russian = await create({ ...payload, expectedCourse: shown });
    expect(russian.body.detail).toBe('Курс изменился. Проверьте новые суммы и отправьте заявку ещё раз.');
    const count = await test.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from claims where course = 79.25`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});
