// Ownership of a claim without the access token (docs/product.md §6: the claim page's calls send none): its creator's browser
// holds a random capability in an HttpOnly, SameSite=Strict cookie scoped to that claim's API path (both
// languages), and the claim keeps only its SHA-256. Owner-only calls and the full requisites check it.
import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../config.ts';
import type { AppEnv } from './env.ts';

export const CLAIM_CAPABILITY_COOKIE = 'claim_capability';
/** Long enough to outlive any claim a client still follows. */
const MAX_AGE_SECONDS = 90 * 24 * 3600;

export interface ClaimCapability {
  token: string;
  hash: string;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_BYTES = 32;
/**
 * Random bytes drawn 128 tokens at a time: a call into the CSPRNG per created claim was about 2 % of the app's CPU
 * samples in claim creation. Each slice is turned into its token at once and never handed out twice.
 */
const randomPool = Buffer.alloc(TOKEN_BYTES * 128);
let poolOffset = randomPool.length;

function freshBytes(): Buffer {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  poolOffset += TOKEN_BYTES;
  return randomPool.subarray(poolOffset - TOKEN_BYTES, poolOffset);
}

export function newClaimCapability(): ClaimCapability {
  const token = freshBytes().toString('base64url');
  return { token, hash: hashOf(token) };
}

/** The claim's API paths, Russian and English: the cookie goes with these calls and no other. */
export function claimApiPaths(uuid: string): string[] {
  return [`/api/v1/claim/${uuid}/`, `/en/api/v1/claim/${uuid}/`];
}

export function setClaimCapabilityCookie(c: Context<AppEnv>, uuid: string, capability: ClaimCapability): void {
  const secure = isHttps(c.get('config'));
  for (const path of claimApiPaths(uuid)) {
    setCookie(c, CLAIM_CAPABILITY_COOKIE, capability.token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure,
      path,
      maxAge: MAX_AGE_SECONDS,
    });
  }
}

/** The request carries the capability whose hash the claim keeps. */
export function holdsClaimCapability(c: Context<AppEnv>, capabilityHash: string | null): boolean {
  const token = getCookie(c, CLAIM_CAPABILITY_COOKIE);
  if (!capabilityHash || !token || token.length > 128) return false;
  const given = Buffer.from(hashOf(token), 'hex');
  const kept = Buffer.from(capabilityHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
