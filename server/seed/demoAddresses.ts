// Demo deposit addresses: deterministic addresses of each network (checksums included, so they pass the same
// rules as an operator's list), hashed from the currency code and a number. Nobody holds keys to them: demo only.
import { createHash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58check, base64urlnopad, bech32 } from '@scure/base';
import { crc16Xmodem, toChecksumAddress } from '../../src/domain/addressChecksums.ts';
import type { AddressCheck } from '../../src/domain/requisites.ts';

/** `length` bytes chosen by a hash of the seed text: a key hash or account id nobody holds a key to. */
function bytes(seed: string, length: number): Uint8Array {
  return createHash('sha256').update(seed).digest().subarray(0, length);
}

function segwit(hrp: string, seed: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(bytes(seed, 20))]);
}

function tonAddress(seed: string): string {
  // Non-bounceable (0x51), basechain (0), the account id, then CRC16 of those 34 bytes.
  const body = Uint8Array.of(0x51, 0x00, ...bytes(seed, 32));
  const crc = crc16Xmodem(body);
  return base64urlnopad.encode(Uint8Array.of(...body, crc >> 8, crc & 0xff));
}

// Each address carries its network's real checksum, so it passes the same rules as an operator's list.
const FORMATS: Record<AddressCheck, (seed: string) => string> = {
  btc: (seed) => segwit('bc', seed),
  ltc: (seed) => segwit('ltc', seed),
  eth: (seed) => toChecksumAddress(Buffer.from(bytes(seed, 20)).toString('hex')),
  trc20: (seed) => base58check(sha256).encode(Uint8Array.of(0x41, ...bytes(seed, 20))),
  ton: tonAddress,
};

/** `count` distinct addresses of the check's format for the currency `code`. */
export function demoAddresses(check: AddressCheck, code: string, count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, index) => FORMATS[check](`${code}:${from + index}`));
}
