// The demo account: activated, with a friend it invited whose exchanges earned it referral rewards, so the account
// area has something true to show.
import { eq } from 'drizzle-orm';
import { createAccount } from '../accounts/createAccount.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { seedDemoReferrals } from './demoReferrals.ts';

export interface DemoCredentials {
  email: string;
  password: string;
}

const DEMO: DemoCredentials = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};

/** Creates the demo account and its invited friend once; later calls only return the credentials. */
export async function seedDemoUser(db: Db): Promise<DemoCredentials> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  if (existing) return DEMO;
  const user = await createAccount(db, {
    email: DEMO.email,
    passwordHash: await hashPassword(DEMO.password),
    activated: true,
  });
  if (user) await seedDemoReferrals(db, user.id, DEMO.email);
  return DEMO;
}
