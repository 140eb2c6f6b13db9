// Single-use tokens sent by mail (activation, password restore). Consuming one is a single conditional
// UPDATE, so the same link used twice at once still works only once.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { mailTokens, users } from '../db/schema/users.ts';
import { newOpaqueToken, tokenHash } from './secureToken.ts';

export type MailTokenPurpose = 'activation' | 'restore';

const LIFETIME_SECONDS: Record<MailTokenPurpose, number> = {
  activation: 3 * 24 * 60 * 60,
  restore: 60 * 60,
};

/** Issues a new token; the user's earlier unused tokens of the same purpose stop working. */
export async function issueMailToken(db: Db, userId: number, purpose: MailTokenPurpose): Promise<string> {
  const token = newOpaqueToken();
  const now = new Date();
  await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.purpose, purpose), isNull(mailTokens.usedAt)));
  await db.insert(mailTokens).values({
    userId,
    purpose,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + LIFETIME_SECONDS[purpose] * 1000),
  });
  return token;
}

/** The user the token belongs to, marking it used; null when unknown, used or expired. */
export async function consumeMailToken(db: Db, token: string, purpose: MailTokenPurpose): Promise<number | null> {
  const now = new Date();
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash(token)),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: mailTokens.userId });
  return row?.userId ?? null;
}

/** The e-mail of the account a live token belongs to, without using the token up; null when it is not live. */
export async function mailTokenEmail(db: Db, token: string, purpose: MailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(mailTokens)
    .innerJoin(users, eq(users.id, mailTokens.userId))
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash(token)),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, new Date()),
      ),
    );
  return row?.email ?? null;
}
