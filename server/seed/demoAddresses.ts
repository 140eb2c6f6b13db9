// Demo deposit addresses: deterministic strings in each network's address format (they pass the same rules as
// an operator's list), derived from the currency code and a number. Nobody holds keys to them: demo only.
import { createHash } from 'node:crypto';
import type { AddressCheck } from '../../src/domain/requisites.ts';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` characters of `alphabet` chosen by a hash of the seed text. */
function characters(seed: string, alphabet: string, length: number): string {
  let text = '';
  for (let block = 0; text.length < length; block += 1) {
    for (const byte of createHash('sha256').update(`${seed}/${block}`).digest()) {
      text += alphabet[byte % alphabet.length];
      if (text.length === length) break;
    }
  }
  return text;
}

const FORMATS: Record<AddressCheck, (seed: string) => string> = {
  btc: (seed) => `bc1q${characters(seed, BECH32, 38)}`,
  ltc: (seed) => `ltc1q${characters(seed, BECH32, 38)}`,
  eth: (seed) => `0x${characters(seed, HEX, 40)}`,
  trc20: (seed) => `T${characters(seed, BASE58, 33)}`,
  ton: (seed) => `UQ${characters(seed, BASE64URL, 46)}`,
};

/** `count` distinct addresses of the check's format for the currency `code`. */
export function demoAddresses(check: AddressCheck, code: string, count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, index) => FORMATS[check](`${code}:${from + index}`));
}
