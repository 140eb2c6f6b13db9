// Races: a single-use promo code under 50 simultaneous claims is used exactly once; 30 simultaneous
// confirmations of one claim record one status change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { eventsOf, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('races', () => {
  it('lets exactly one of 50 parallel claims use a single-use promo code', async () => {
    expect(
      await runOps(['promocodes', 'create', 'ONLYONCE', '1', '--uses', '1'], { db: test.database.db, operator: await cliOperator(test.database.db),
        out: () => undefined,
      }),
    ).toBe(0);
    const payload = await validClaim(test, 'USDTTRC20', 'SBERRUB', { fromSumma: '100', promocode: 'ONLYONCE' });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => call(test, 'POST', '/api/v1/claim/', payload)),
    );
    const created = replies.filter((reply) => reply.status === 201);
    expect(created).toHaveLength(1);
    const refused = replies.filter((reply) => reply.status === 400);
    expect(refused).toHaveLength(49);
    for (const reply of refused)
      expect(reply.body).toEqual({ promocode: ['Промокод недействителен или уже использован.'] });

    const state = await test.database.db.execute<{ uses_left: number; uses: number; claims: number }>(sql`
      select p.uses_left,
             (select count(*)::int from promocode_uses u where u.promocode_id = p.id) as uses,
             (select count(*)::int from claims c where c.promocode = p.code) as claims
      from promocodes p where p.code = 'ONLYONCE'`);
    expect(state.rows[0]).toEqual({ uses_left: 0, uses: 1, claims: 1 });
  });

  it('records one confirmation when the client confirms 30 times at once', async () => {
    const uuid = (await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'))).body
      .uuid as string;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => call(test, 'POST', `/api/v1/claim/${uuid}/confirm/`, undefined, asCreator(uuid))),
    );
    expect(replies.every((reply) => reply.status === 200 && reply.body.status === 'paid')).toBe(true);
    expect((await eventsOf(test.database.db, uuid)).filter((event) => event.to_status === 'paid')).toHaveLength(1);
  });
});
