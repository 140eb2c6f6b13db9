// The demo seed's referral earnings are real: the demo account invited a friend whose completed claims (created,
// paid and completed through the services) credited it through the referral accrual; nothing else credited it.
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_PERCENT } from '../../server/accounts/referralTerms.ts';
import { referralStanding } from '../../server/accounts/profile.ts';
import { invitedEmailOf, seedDemoReferrals } from '../../server/seed/demoReferrals.ts';
import { freshDatabase, type OwnDatabase } from './support/database.ts';
import { eventsOf } from './support/claims.ts';

const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@exchanger.local';
let database: OwnDatabase;
let demoId: number;

beforeAll(async () => {
  database = await freshDatabase(4);
  const { rows } = await database.pool.query<{ id: number }>('select id from users where email = $1', [DEMO_EMAIL]);
  demoId = rows[0]!.id;
});
afterAll(async () => {
  await database.drop();
});

async function friendClaims() {
  const { rows } = await database.pool.query<{ uuid: string; status: string; from_summa: string; code: string }>(
    `select c.uuid, c.status, c.from_summa::text as from_summa, give.code
     from claims c join users u on u.id = c.user_id join currencies give on give.id = c.from_currency_id
     where u.email = $1 order by c.created_at`,
    [invitedEmailOf(DEMO_EMAIL)],
  );
  return rows;
}

describe('the demo referral seed', () => {
  it('has the demo account invite one friend with three completed rouble claims', async () => {
    const { rows } = await database.pool.query('select activated from users where referred_by = $1', [demoId]);
    expect(rows).toEqual([{ activated: true }]);
    const claims = await friendClaims();
    expect(claims.map((claim) => [claim.status, claim.code])).toEqual([
      ['completed', 'CASHRUB'],
      ['completed', 'CASHRUB'],
      ['completed', 'CASHRUB'],
    ]);
    const events = await eventsOf(database.db, claims[0]!.uuid);
    expect(events.map((event) => event.to_status)).toEqual(['awaiting_payment', 'paid', 'processing', 'completed']);
  });

  it("credits exactly the referral percent of each of the friend's claims, and the balance is their sum", async () => {
    const claims = await friendClaims();
    const { rows: movements } = await database.pool.query<{ reference: string; amount: string; source_key: string }>(
      `select reference, amount::text as amount, source_key from referral_movements where user_id = $1 order by id`,
      [demoId],
    );
    const expected = claims.map((claim) => ({
      reference: claim.uuid,
      amount: new Big(claim.from_summa).times(REFERRAL_PERCENT).div(100).round(2, Big.roundDown).toFixed(2),
      source_key: `claim:${claim.uuid}`,
    }));
    expect(movements).toEqual(expected);
    const total = expected.reduce((sum, row) => sum.plus(row.amount), new Big(0)).toFixed(2);
    expect(await referralStanding(database.db, demoId)).toEqual({ balance: total, invited: 1 });
    // Above the smallest withdrawal, so the withdrawal journey has something to take.
    expect(Number(total)).toBeGreaterThan(500);
  });

  it('runs once: a second call finds the friend and adds nothing', async () => {
    const before = await referralStanding(database.db, demoId);
    await seedDemoReferrals(database.db, demoId, DEMO_EMAIL);
    expect(await referralStanding(database.db, demoId)).toEqual(before);
    expect(await friendClaims()).toHaveLength(3);
  });
});
