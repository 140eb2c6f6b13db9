// Referral programme: balance and invitations, rewards for completed claims (idempotent), the movement
// history with date filters, withdrawals (validation, atomic debit under 50 parallel requests), operator decisions.
import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_WITHDRAWAL, REFERRAL_PERCENT } from '../../server/accounts/referralTerms.ts';
import { payWithdrawal, rejectWithdrawal } from '../../server/accounts/withdrawals.ts';
import { currencies } from '../../server/db/schema/calculator.ts';
import { claims } from '../../server/db/schema/claims.ts';
import { connect, type Db } from '../../server/db/index.ts';
import { moveClaim, TransitionError } from '../../server/claims/service.ts';
import { referralBalances, referralMovements } from '../../server/db/schema/referral.ts';
import { call, startTestApp, type TestApp, uniqueIp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function setBalance(userId: number, balance: string): Promise<void> {
  await test.database.db.update(referralBalances).set({ balance }).where(eq(referralBalances.userId, userId));
}

async function balanceOf(user: SignedIn): Promise<string> {
  return (await call(test, 'GET', '/api/v1/users/me/refferal/', undefined, { token: user.access })).body.balance;
}

/** A claim being processed (inserted as is), ready for the operator to complete. */
async function claimOf(options: { from: string; to: string; fromSumma: string; toSumma: string; userId?: number | null; email?: string; referrerId?: number | null }) {
  const db = test.database.db;
  const [from] = await db.select().from(currencies).where(eq(currencies.code, options.from));
  const [to] = await db.select().from(currencies).where(eq(currencies.code, options.to));
  const [row] = await db
    .insert(claims)
    .values({
      status: 'processing',
      email: options.email ?? 'someone@example.com',
      userId: options.userId ?? null,
      referrerId: options.referrerId ?? null,
      fromCurrencyId: from!.id,
      toCurrencyId: to!.id,
      fromSumma: options.fromSumma,
      toSumma: options.toSumma,
      course: '1',
      fromRequisites: {},
      toRequisites: {},
      deadline: new Date(Date.now() + 60_000),
    })
    .returning();
  return row!.uuid;
}

describe('me/refferal', () => {
  it('shows an empty balance, the terms, the code and how many people signed up with it', async () => {
    const partner = await newUser(test);
    const empty = await call(test, 'GET', '/api/v1/users/me/refferal/', undefined, { token: partner.access });
    expect(empty.status).toBe(200);
    const code = empty.body.referralCode as string;
    expect(empty.body).toEqual({ balance: '0.00', unit: 'RUB', percent: REFERRAL_PERCENT, minWithdrawal: MIN_WITHDRAWAL, referralCode: code, invited: 0 });
    await newUser(test, { refferal: code.toLowerCase() });
    await newUser(test, { refferal: code });
    expect((await call(test, 'GET', '/api/v1/users/me/refferal/', undefined, { token: partner.access })).body.invited).toBe(2);
  });

  it('needs a token', async () => {
    expect((await call(test, 'GET', '/api/v1/users/me/refferal/')).status).toBe(401);
  });
});

describe('referral reward on completion', () => {
  /** Completes a paid claim as the operator; answers the reward the completion credited. */
  async function complete(uuid: string, db: Db = test.database.db): Promise<string | null> {
    const moved = await moveClaim(db, uuid, 'completed', 'operator', { note: 'paid out' });
    return moved?.reward ?? null;
  }

  it('credits the inviter with the percent of the RUB side in the completing move, once', async () => {
    const partner = await newUser(test);
    const code = (await call(test, 'GET', '/api/v1/users/me/refferal/', undefined, { token: partner.access })).body.referralCode;
    const friend = await newUser(test, { refferal: code });
    const uuid = await claimOf({ from: 'BTC', to: 'SBERRUB', fromSumma: '0.01', toSumma: '85000.00', userId: friend.id });

    // 0.4 % of 85 000 ₽.
    expect(await complete(uuid)).toBe('340.00');
    await expect(complete(uuid)).rejects.toBeInstanceOf(TransitionError);
    expect(await balanceOf(partner)).toBe('340.00');
  });

  it('credits once when several completions race, also from two server instances (two pools)', async () => {
    const partner = await newUser(test);
    const other = connect(test.database.url, 4);
    try {
      const uuids = await Promise.all([1, 2, 3].map(() => claimOf({ from: 'SBERRUB', to: 'USDTTRC20', fromSumma: '10000', toSumma: '105.00', referrerId: partner.id })));
      const attempts = uuids.flatMap((uuid) => [complete(uuid), complete(uuid, other.db), complete(uuid), complete(uuid, other.db)]);
      const outcomes = await Promise.allSettled(attempts);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value)).toEqual(['40.00', '40.00', '40.00']);
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TransitionError);
      expect(await balanceOf(partner)).toBe('120.00');
      const [movements] = (
        await test.database.db.execute<{ n: number }>(sql`select count(*)::int as n from referral_movements where user_id = ${partner.id}`)
      ).rows;
      expect(movements!.n).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('credits the partner named on the claim, and uses the give side when it is in roubles', async () => {
    const partner = await newUser(test);
    const uuid = await claimOf({ from: 'SBERRUB', to: 'USDTTRC20', fromSumma: '10000', toSumma: '105.00', referrerId: partner.id });
    expect(await complete(uuid)).toBe('40.00');
  });

  it('converts a claim with no rouble side at the course into roubles', async () => {
    const partner = await newUser(test);
    const uuid = await claimOf({ from: 'BTC', to: 'USDTTRC20', fromSumma: '0.01', toSumma: '960', referrerId: partner.id });
    const [course] = (
      await test.database.db.execute<{ course: string }>(
        sql`select d.course from directions d join currencies f on f.id = d.from_id join currencies t on t.id = d.to_id
            where f.code = 'BTC' and t.unit = 'RUB' order by d.sort, d.id limit 1`,
      )
    ).rows;
    const reward = await complete(uuid);
    expect(reward).not.toBeNull();
    // 0.01 BTC × course × 0.4 %, rounded down to kopecks.
    const expected = new Big('0.01').times(course!.course).times('0.004').round(2, Big.roundDown).toFixed(2);
    expect(reward).toBe(expected);
  });

  it("never credits an account's partner for a guest claim made with that account's e-mail", async () => {
    const partner = await newUser(test);
    const code = (await call(test, 'GET', '/api/v1/users/me/refferal/', undefined, { token: partner.access })).body.referralCode;
    const friend = await newUser(test, { refferal: code });
    const uuid = await claimOf({ from: 'SBERRUB', to: 'BTC', fromSumma: '5000', toSumma: '0.0005', email: friend.email.toUpperCase() });
    expect(await complete(uuid)).toBeNull();
  });

  it('pays nothing for other moves, uninvited owners or self-referral', async () => {
    const partner = await newUser(test);
    const rejected = await claimOf({ from: 'BTC', to: 'SBERRUB', fromSumma: '0.01', toSumma: '85000', referrerId: partner.id });
    expect((await moveClaim(test.database.db, rejected, 'rejected', 'operator', { note: 'payment not found' }))?.reward).toBeNull();
    const loner = await newUser(test);
    expect(await complete(await claimOf({ from: 'BTC', to: 'SBERRUB', fromSumma: '0.01', toSumma: '85000', userId: loner.id }))).toBeNull();
    const self = await claimOf({ from: 'BTC', to: 'SBERRUB', fromSumma: '0.01', toSumma: '85000', userId: partner.id, referrerId: partner.id });
    expect(await complete(self)).toBeNull();
    expect(await balanceOf(partner)).toBe('0.00');
  });
});

describe('me/refferal/dw', () => {
  it('pages the movements newest first and filters them by date (both ends inclusive)', async () => {
    const user = await newUser(test);
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => new Date(Date.parse('2026-03-10T12:00:00Z') + days * day);
    await test.database.db.insert(referralMovements).values([
      { userId: user.id, kind: 'deposit', reason: 'claim_reward', amount: '10.00', reference: 'a1b2c3d4e5', createdAt: at(0) },
      { userId: user.id, kind: 'deposit', reason: 'claim_reward', amount: '20.00', reference: 'b', createdAt: at(1) },
      { userId: user.id, kind: 'withdrawal', reason: 'withdrawal', amount: '30.00', reference: '7', createdAt: at(2) },
    ]);
    const all = await call(test, 'GET', '/api/v1/users/me/refferal/dw/', undefined, { token: user.access });
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((row: { amount: string }) => row.amount)).toEqual(['30.00', '20.00', '10.00']);
    expect(all.body.results[0]).toMatchObject({ kind: 'withdrawal', comment: 'Заявка на вывод №7' });
    expect(all.body.results[2].comment).toBe('Вознаграждение за обмен A1B2C3D4');

    const english = await call(test, 'GET', '/en/api/v1/users/me/refferal/dw/?size=1&page=3', undefined, { token: user.access });
    expect(english.body.results[0].comment).toBe('Reward for exchange A1B2C3D4');
    expect(english.body.next).toBeNull();
    expect(english.body.previous).toMatch(/page=2/);

    const range = await call(test, 'GET', '/api/v1/users/me/refferal/dw/?date_from=2026-03-11&date_to=2026-03-12', undefined, { token: user.access });
    expect(range.body.results.map((row: { amount: string }) => row.amount)).toEqual(['30.00', '20.00']);
    const count = await call(test, 'GET', '/api/v1/users/me/refferal/dw/count/?date_to=2026-03-10', undefined, { token: user.access });
    expect(count.body).toEqual({ count: 1 });
    expect((await call(test, 'GET', '/api/v1/users/me/refferal/dw/count/', undefined, { token: user.access })).body).toEqual({ count: 3 });
  });

  it('refuses malformed dates and paging', async () => {
    const user = await newUser(test);
    for (const query of ['?date_from=yesterday', '?date_to=2026-13-01', '?size=0']) {
      const result = await call(test, 'GET', `/api/v1/users/me/refferal/dw/${query}`, undefined, { token: user.access });
      expect(result.status).toBe(400);
    }
    expect((await call(test, 'GET', '/api/v1/users/me/refferal/dw/count/?date_from=x', undefined, { token: user.access })).status).toBe(400);
  });
});

describe('me/refferal/withdrawal', () => {
  const url = '/api/v1/users/me/refferal/withdrawal/';

  it('creates a withdrawal within the balance, debits it and lists it', async () => {
    const user = await newUser(test);
    await setBalance(user.id, '1500.50');
    const created = await call(test, 'POST', url, { amount: '1000.5', requisites: '  2200 7001 2345 6789  ' }, { token: user.access });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ detail: 'Заявка на вывод успешно создана', amount: '1000.50', requisites: '2200 7001 2345 6789', status: 'pending' });
    expect(await balanceOf(user)).toBe('500.00');
    const english = await call(test, 'POST', `/en${url}`, { amount: '500', requisites: 'TLy9Ly9Ly9Ly9Ly9Ly9Ly9Ly9Ly9Ly9Ly9' }, { token: user.access });
    expect(english.body.detail).toBe('Withdrawal request has been successfully created');
    expect(await balanceOf(user)).toBe('0.00');

    const list = await call(test, 'GET', url, undefined, { token: user.access });
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((row: { amount: string }) => row.amount)).toEqual(['500.00', '1000.50']);
    const movements = await call(test, 'GET', '/api/v1/users/me/refferal/dw/', undefined, { token: user.access });
    expect(movements.body.results.every((row: { kind: string }) => row.kind === 'withdrawal')).toBe(true);
  });

  it('refuses amounts below the minimum, above the balance, or malformed, and missing requisites', async () => {
    const user = await newUser(test);
    await setBalance(user.id, '800.00');
    const cases: [unknown, string][] = [
      [{ amount: '499.99', requisites: '2200700123456789' }, 'amount'],
      [{ amount: '800.01', requisites: '2200700123456789' }, 'amount'],
      [{ amount: 'abc', requisites: '2200700123456789' }, 'amount'],
      [{ amount: '-600', requisites: '2200700123456789' }, 'amount'],
      [{ amount: '600.123', requisites: '2200700123456789' }, 'amount'],
      [{ amount: '600', requisites: ' ' }, 'requisites'],
      [{ amount: 600, requisites: '2200700123456789' }, 'amount'],
      [{ amount: '600', requisites: '2200700123456789', userId: 1 }, 'userId'],
      [{ requisites: '2200700123456789' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const result = await call(test, 'POST', url, body, { token: user.access });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body[field], JSON.stringify(body)).toHaveLength(1);
    }
    expect((await call(test, 'POST', url, undefined, { token: user.access, raw: '{"amount": "6' })).status).toBe(400);
    expect(await balanceOf(user)).toBe('800.00');
  });

  it('needs an activated account and a token', async () => {
    const inactive = await newUser(test, { activated: false });
    await setBalance(inactive.id, '1000');
    const result = await call(test, 'POST', url, { amount: '600', requisites: '2200700123456789' }, { token: inactive.access });
    expect(result.status).toBe(403);
    expect((await call(test, 'POST', url, { amount: '600', requisites: '2200700123456789' })).status).toBe(401);
  });

  it('never overdraws: 50 parallel withdrawals of one balance', async () => {
    const user = await newUser(test);
    await setBalance(user.id, '5250.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(test, 'POST', url, { amount: '500', requisites: '2200700123456789' }, { token: user.access })),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    expect(await balanceOf(user)).toBe('250.00');
    const list = await call(test, 'GET', `${url}?size=100`, undefined, { token: user.access });
    expect(list.body.count).toBe(10);
  });

  it('is rate limited per client', async () => {
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const user = await newUser(strict);
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        statuses.push((await call(strict, 'POST', url, { amount: '600', requisites: '2200700123456789' }, { token: user.access, ip })).status);
      }
      expect(statuses).toContain(429);
    } finally {
      await strict.close();
    }
  });
});

describe('operator decisions on withdrawals', () => {
  it('pays a pending withdrawal once; rejecting returns the amount to the balance once', async () => {
    const user = await newUser(test);
    await setBalance(user.id, '2000.00');
    const first = (await call(test, 'POST', '/api/v1/users/me/refferal/withdrawal/', { amount: '700', requisites: '2200700123456789' }, { token: user.access })).body;
    const second = (await call(test, 'POST', '/api/v1/users/me/refferal/withdrawal/', { amount: '800', requisites: '2200700123456789' }, { token: user.access })).body;
    expect(await balanceOf(user)).toBe('500.00');

    expect(await payWithdrawal(test.database.db, first.id)).toBe(true);
    expect(await payWithdrawal(test.database.db, first.id)).toBe(false);
    expect(await rejectWithdrawal(test.database.db, first.id)).toBe(false);
    expect(await balanceOf(user)).toBe('500.00');

    const [a, b] = await Promise.all([rejectWithdrawal(test.database.db, second.id), rejectWithdrawal(test.database.db, second.id)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(user)).toBe('1300.00');
    expect(await payWithdrawal(test.database.db, second.id)).toBe(false);

    const list = await call(test, 'GET', '/api/v1/users/me/refferal/withdrawal/', undefined, { token: user.access });
    expect(Object.fromEntries(list.body.results.map((row: { id: number; status: string }) => [row.id, row.status]))).toEqual({
      [first.id]: 'paid',
      [second.id]: 'rejected',
    });
    const movements = await call(test, 'GET', '/en/api/v1/users/me/refferal/dw/', undefined, { token: user.access });
    expect(movements.body.results[0]).toMatchObject({ kind: 'deposit', amount: '800.00', comment: `Returned: withdrawal #${second.id} was rejected` });
  });
});
