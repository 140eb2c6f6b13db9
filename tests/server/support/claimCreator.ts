// The claim's creator as its browser is: every claim created through `call` leaves its capability cookie here (the
// browser keeps the Set-Cookie), and a test that changes the claim as its creator sends it back with `asCreator`.
// A call without it is a stranger holding the link.
import type { CallOptions } from './app.ts';

const CAPABILITY = /^claim_capability=([^;]+);.*Path=\/api\/v1\/claim\/([0-9a-f-]{36})\//i;

const kept = new Map<string, string>();

/** Keeps the capability a claim's creation set (called by `call` on every answer). */
export function keepClaimCapability(setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const match = CAPABILITY.exec(line);
    if (match) kept.set(match[2]!.toLowerCase(), `claim_capability=${match[1]}`);
  }
}

/** The `Cookie` header of the claim's creator. */
export function creatorCookie(uuid: string): string {
  const cookie = kept.get(uuid.toLowerCase());
  if (!cookie) throw new Error(`no capability kept for claim ${uuid}: was it created through call()?`);
  return cookie;
}

/** Call options of the claim's creator: its capability cookie added to `options`. */
export function asCreator(uuid: string, options: CallOptions = {}): CallOptions {
  return { ...options, cookie: options.cookie ? `${options.cookie}; ${creatorCookie(uuid)}` : creatorCookie(uuid) };
}
