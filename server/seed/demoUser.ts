// The demo account: activated, with some referral earnings, so the account area has something to show.
import { eq } from 'drizzle-orm';
import { add } from '../../src/domain/money.ts';
import { createAccount } from '../services/accounts/createAccount.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import { referralBalances, referralMovements } from '../db/schema/referral.ts';
import { users } from '../db/schema/users.ts';

export interface DemoCredentials {
  email: string;
  password: string;
}

const DEMO: DemoCredentials = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const EARNINGS = [
  { amount: '412.50', daysAgo: 21 },
  { amount: '318.00', daysAgo: 9 },
  { amount: '520.75', daysAgo: 2 },
];

/** Creates the demo account once; later calls only return its credentials. */
export async function seedDemoUser(db: Db): Promise<DemoCredentials> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  if (existing) return DEMO;
  const user = await createAccount(db, { email: DEMO.email, passwordHash: await hashPassword(DEMO.password), activated: true });
  if (!user) return DEMO;
  const now = Date.now();
  await db.insert(referralMovements).values(
    EARNINGS.map((earning, index) => ({
      userId: user.id,
      kind: 'deposit' as const,
      reason: 'claim_reward' as const,
      amount: earning.amount,
      reference: `demo-${index + 1}`,
      sourceKey: `seed:demo-reward:${index + 1}`,
      createdAt: new Date(now - earning.daysAgo * DAY_MS),
    })),
  );
  const total = EARNINGS.reduce((sum, earning) => add(sum, earning.amount), '0');
  await db
    .update(referralBalances)
    .set({ balance: total })
    .where(eq(referralBalances.userId, user.id));
  return DEMO;
}
