// Short-lived HS256 access tokens. `sid` names the refresh-token family (the login session) that issued it.
// Signed with hono/jwt; checked here synchronously with node:crypto's HMAC: hono's check goes through WebCrypto,
// which imports the key and hops to the thread pool on every request (about a tenth of the busy time of an
// account list call in a profile). The token format is the same either way.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sign } from 'hono/jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function issueAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign({ sub: String(claims.userId), sid: claims.sessionId, typ: 'access', iat: now, exp: now + ttlSeconds }, secret, 'HS256');
}

function decodedPart(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The signature is exactly the unpadded base64url HMAC-SHA256 of `header.payload` that `sign` writes. */
function signedBy(token: string, secret: string): boolean {
  const dot = token.lastIndexOf('.');
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token.slice(0, dot)).digest('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A registered time claim is either absent or a finite number that `holds` for now (as hono/jwt checks them). */
function timeHolds(value: unknown, holds: (seconds: number) => boolean): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value) && holds(value));
}

/** The claims of a valid, unexpired access token, or null for anything else. */
export function readAccessToken(token: string, secret: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !signedBy(token, secret)) return null;
  try {
    const [header, payload] = [decodedPart(parts[0]!), decodedPart(parts[1]!)];
    if (!header || !payload) return null;
    const typ = header.typ;
    if (header.alg !== 'HS256' || 'crit' in header || (typ !== undefined && (typeof typ !== 'string' || typ.toLowerCase().replace(/^application\//, '') !== 'jwt'))) return null;
    const now = Math.floor(Date.now() / 1000);
    if (!timeHolds(payload.exp, (exp) => exp > now) || !timeHolds(payload.nbf, (nbf) => nbf <= now) || !timeHolds(payload.iat, (iat) => iat <= now)) {
      return null;
    }
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
