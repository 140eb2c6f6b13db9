// Housekeeping for a periodic job: expired refresh tokens and spent or expired mail tokens are of no use any more
// (an expired refresh token is refused as unknown whether or not its row exists).
import { lt, or } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { mailTokens, refreshTokens } from '../db/schema/users.ts';

export async function purgeExpiredCredentials(db: Db, now = new Date()): Promise<number> {
  const refresh = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id });
  const mail = await db
    .delete(mailTokens)
    .where(or(lt(mailTokens.expiresAt, now), lt(mailTokens.usedAt, now)))
    .returning({ id: mailTokens.id });
  return refresh.length + mail.length;
}
