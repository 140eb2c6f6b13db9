// What is kept of a card number: the masked form an operator compares with the photo, and a keyed
// fingerprint to recognise the same card again. The full number is never stored.
import { createHmac } from 'node:crypto';

/** "2200700012345678" → "2200 70** **** 5678" (first six and last four, as payment rules allow). */
export function maskCard(digits: string): string {
  const masked = digits.slice(0, 6) + '*'.repeat(Math.max(digits.length - 10, 0)) + digits.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

export function cardFingerprint(digits: string, secret: string): string {
  return createHmac('sha256', secret).update(`card-fingerprint:${digits}`).digest('hex');
}
