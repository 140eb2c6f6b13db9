// Random opaque tokens (refresh tokens, mail links) and the hash under which they are stored.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stored instead of the token itself, so a leaked table cannot be replayed. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
