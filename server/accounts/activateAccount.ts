// Activation proves the account owns its e-mail. It adopts no claim made with that e-mail while signed out: a
// guest's claim never joins an account (anyone may type any e-mail), so the account's list is the claims its
// owner made signed in.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the account activated, in the caller's transaction. */
export async function activateAccount(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ activated: true }).where(eq(users.id, userId));
}
