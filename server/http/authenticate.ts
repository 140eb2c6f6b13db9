// Bearer-token middlewares. `authenticate` guards the account routes (401 token_not_valid, which makes the
// browser refresh and retry once); `optionalAuth` only notes who is calling (claim creation).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { sql } from 'drizzle-orm';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { readAccessToken, type AccessClaims } from '../auth/accessToken.ts';
import { accessTokenKey } from '../auth/sharedSecrets.ts';
import { refuseBlocked } from '../accounts/userBlocks.ts';
import { prepareStatement, runPrepared } from '../db/prepared.ts';

function bearer(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

// Every signed-in call runs it: built once, and named so each connection plans it once.
const liveSession = prepareStatement(
  'live_session',
  sql`select u.blocked_at is not null as blocked, exists (
        select 1 from refresh_tokens r where r.family_id = ${sql.placeholder('sessionId')} and r.user_id = u.id
          and r.revoked_at is null and r.session_expires_at > now()) as live
      from users u where u.id = ${sql.placeholder('userId')}`,
);

/** The claims of the request's token when it is valid and its session (refresh family) is still open. */
export async function sessionOf(c: Context<AppEnv>): Promise<AccessClaims | null> {
  const token = bearer(c);
  if (!token) return null;
  const claims = readAccessToken(token, await accessTokenKey(c.get('db'), c.get('config')));
  if (!claims) return null;
  // One round trip: the user still exists and the login it came from was not logged out, revoked or over; a
  // blocked account is refused outright (its sessions were ended, but an access token lives a few minutes more).
  const result = await runPrepared<{ blocked: boolean; live: boolean }>(c.get('db'), liveSession, { ...claims });
  const [user] = result.rows;
  if (user?.blocked) refuseBlocked();
  return user?.live ? claims : null;
}

export function tokenNotValid(): HttpError {
  return new HttpError(401, {
    detail: /*i18n*/ { id: 'http.token.notValid', message: 'Given token not valid for any token type' },
    code: 'token_not_valid',
  });
}

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const session = await sessionOf(c);
  if (!session) throw tokenNotValid();
  c.set('userId', session.userId);
  await next();
});

/** Sets the caller's id when a valid token came along; an absent or stale token just means anonymous. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const session = await sessionOf(c);
  c.set('userId', session?.userId ?? null);
  await next();
});

/** The signed-in user's id inside a route behind `authenticate`. */
export function currentUserId(c: Context<AppEnv>): number {
  const id = c.get('userId');
  if (id === null || id === undefined) throw tokenNotValid();
  return id;
}
