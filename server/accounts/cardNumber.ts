// What is kept of a card number: the masked form an operator compares with the photo, and a keyed
// fingerprint to recognise the same card again. The full number is never stored.
import { createHmac } from 'node:crypto';
import { cardInFours, maskCard } from '../../src/domain/requisiteMask.ts';

/** "2200700012345678" → "2200 70** **** 5678": the claim page's mask (first six, last four), in groups of four. */
export function keptCardMask(digits: string): string {
  return cardInFours(maskCard(digits));
}

export function cardFingerprint(digits: string, secret: string): string {
  return createHmac('sha256', secret).update(`card-fingerprint:${digits}`).digest('hex');
}
