// Short-lived HS256 access tokens. `sid` names the refresh-token family (the login session) that issued it.
import { sign, verify } from 'hono/jwt';

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
    if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') {
      return null;
    }
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
