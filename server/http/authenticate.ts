// Bearer-token middlewares. `authenticate` guards the account routes (401 token_not_valid, which makes the
// browser refresh and retry once); `optionalAuth` only notes who is calling (claim creation).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { readAccessToken, type AccessClaims } from '../auth/accessToken.ts';
import { accessTokenKey } from '../auth/sharedSecrets.ts';
import { refuseBlocked } from '../accounts/userBlocks.ts';
import { prepareStatement, runPrepared } from '../db/prepared.ts';
import { sessionCheck, type SessionRow } from '../auth/sessionCheck.ts';

function bearer(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

// Every signed-in call runs it: built once, and named so each connection plans it once.
const liveSession = prepareStatement('live_session', sessionCheck);

/** The claims of the request's token when its signature and times are valid; its session is not checked yet. */
export async function signedSession(c: Context<AppEnv>): Promise<AccessClaims | null> {
  const token = bearer(c);
  return token ? readAccessToken(token, await accessTokenKey(c.get('db'), c.get('config'))) : null;
}

/**
 * `claims` when the session check's `row` found its session open, else null; a blocked account is refused outright
 * (its sessions were ended, but an access token lives a few minutes more).
 */
export function admittedSession(claims: AccessClaims, row: SessionRow | undefined): AccessClaims | null {
  if (row?.blocked) refuseBlocked();
  return row?.live ? claims : null;
}

/** The claims of the request's token when it is valid and its session (refresh family) is still open. */
export async function sessionOf(c: Context<AppEnv>): Promise<AccessClaims | null> {
  const claims = await signedSession(c);
  if (!claims) return null;
  const result = await runPrepared<SessionRow>(c.get('db'), liveSession, { ...claims });
  return admittedSession(claims, result.rows[0]);
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
