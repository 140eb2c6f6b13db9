// Referral codes people can read out and type: 8 characters without look-alikes (0/O, 1/I/L).
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Codes are matched case-insensitively and stored uppercased. */
export function normalizeReferralCode(input: string): string {
  return input.trim().toUpperCase();
}
