// Creates an account with a fresh referral code and an empty referral balance.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { referralBalances } from '../db/schema/referral.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { newReferralCode } from './referralCode.ts';

export interface NewAccount {
  email: string;
  passwordHash: string;
  activated?: boolean;
  referredBy?: number | null;
}

/** The new user, or null when the e-mail is already registered (checked atomically by the unique index). */
export async function createAccount(db: Db, account: NewAccount): Promise<UserRow | null> {
  const email = account.email.trim().toLowerCase();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const result = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: account.passwordHash,
          activated: account.activated ?? false,
          referredBy: account.referredBy ?? null,
          referralCode: newReferralCode(),
        })
        .onConflictDoNothing()
        .returning();
      if (!user) return null;
      await tx.insert(referralBalances).values({ userId: user.id });
      return user;
    });
    if (result) return result;
    // Either the e-mail exists or (rarely) the random referral code collided: only the first ends the loop.
    const taken = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
    if (taken.length > 0) return null;
  }
  throw new Error('could not allocate a unique referral code');
}
