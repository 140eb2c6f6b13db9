// Short-lived HS256 access tokens. `sid` names the refresh-token family (the login session) that issued it.
import { sign, verify } from 'hono/jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function issueAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign({ sub: String(claims.userId), sid: claims.sessionId, typ: 'access', iat: now, exp: now + ttlSeconds }, secret, 'HS256');
}

/** The claims of a valid, unexpired access token, or null for anything else. */
export async function readAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const userId = Number(payload.sub);
    // The session id is compared with a uuid column: anything else would be a database error, not a 401.
    if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) {
      return null;
    }
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
