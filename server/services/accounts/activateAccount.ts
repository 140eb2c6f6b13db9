// Activation proves the account owns its e-mail: from then on the claims made with that e-mail are its own.
// Claims created later find their owner at creation; this adopts the ones made before, once, through the
// e-mail index, so the account's list is a plain owner lookup (no OR over owner and e-mail per request).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { claims } from '../../db/schema/claims.ts';
import { users } from '../../db/schema/users.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the account activated and adopts its e-mail's ownerless claims, in the caller's transaction. */
export async function activateAccount(tx: Tx, userId: number): Promise<void> {
  const [user] = await tx.update(users).set({ activated: true }).where(eq(users.id, userId)).returning({ email: users.email });
  if (!user) return;
  await tx
    .update(claims)
    .set({ userId })
    .where(and(eq(claims.email, user.email), isNull(claims.userId)));
}
