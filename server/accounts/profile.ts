// The signed-in account's own data: who it is, its password, its referral standing and its promo codes.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { promocodes, type PromocodeRow } from '../db/schema/promocodes.ts';
import { referralBalances } from '../db/schema/referral.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { hashPassword, passwordMatches } from '../auth/password.ts';
import { revokeUserFamilies } from '../auth/refreshTokens.ts';
import { hasFieldErrors, refuse, refuseFields, type ErrorBody } from '../shared/errors.ts';
import { checkNewPassword, type NewPassword } from './passwordRules.ts';

export async function accountOf(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) refuse('not_found', /*i18n*/ { id: 'accounts.user.notFound', message: 'User not found.' });
  return user;
}

/** Sets a new password after checking the current one; other devices are signed out, `keepSessionId` stays. */
export async function changePassword(
  db: Db,
  user: UserRow,
  request: NewPassword & { currentPassword: string },
  keepSessionId: string | undefined,
): Promise<void> {
  const errors: ErrorBody = {};
  if (!(await passwordMatches(user.passwordHash, request.currentPassword))) {
    errors.currentPassword = [/*i18n*/ { id: 'accounts.password.currentWrong', message: 'The current password is wrong.' }];
  }
  checkNewPassword(errors, request.password, request.passwordConfirm, user.email);
  if (hasFieldErrors(errors)) refuseFields(errors);
  await db.update(users).set({ passwordHash: await hashPassword(request.password) }).where(eq(users.id, user.id));
  await revokeUserFamilies(db, user.id, keepSessionId);
}

/** A partner's balance and how many accounts signed up with its code. */
export async function referralStanding(db: Db, userId: number): Promise<{ balance: string; invited: number }> {
  const [balance] = await db.select({ balance: referralBalances.balance }).from(referralBalances).where(eq(referralBalances.userId, userId));
  const [invited] = await db.select({ value: count() }).from(users).where(eq(users.referredBy, userId));
  return { balance: balance?.balance ?? '0.00', invited: invited?.value ?? 0 };
}

export function ownPromocodes(db: Db, userId: number): Promise<PromocodeRow[]> {
  return db.select().from(promocodes).where(eq(promocodes.userId, userId)).orderBy(desc(promocodes.createdAt), desc(promocodes.id));
}
