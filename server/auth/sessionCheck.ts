// Whether the session an access token names is still open, as one row of SQL: the user exists and is not blocked,
// and the login it came from (its refresh family) was not logged out, revoked or over. Every signed-in call runs it,
// alone (the `authenticate` middleware) or inside the call's own statement (the orders list, server/accounts/
// accountLists.ts), where it costs no round trip of its own.
import { sql } from 'drizzle-orm';

/** The check's row: none when the user is gone. */
export interface SessionRow {
  blocked: boolean;
  live: boolean;
}

/** (blocked, live) of the user and the session given as the placeholders `userId` and `sessionId`. */
export const sessionCheck = sql`select u.blocked_at is not null as blocked, exists (
        select 1 from refresh_tokens r where r.family_id = ${sql.placeholder('sessionId')} and r.user_id = u.id
          and r.revoked_at is null and r.session_expires_at > now()) as live
      from users u where u.id = ${sql.placeholder('userId')}`;
