// The checksums inside crypto addresses, shared by the browser and the server: bech32/bech32m with BIP350's
// witness version rules (Bitcoin, Litecoin), base58check with each network's version byte (legacy Bitcoin and
// Litecoin, TRON), EIP-55 mixed case (Ethereum) and the TON user-friendly form's CRC16. A value reaching these has
// already matched its network's pattern (requisites.ts), so what fails here is a typo, a test network or a form
// the pattern lets through but the network does not have.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base58check, base64, bech32, bech32m } from '@scure/base';

/** What a checksum check finds wrong; null when the address is one the network has. */
export type ChecksumProblem = 'address_checksum' | 'address_test_network' | 'address_format';

type Verifier = (value: string) => ChecksumProblem | null;

const b58c = base58check(sha256);

/** A segwit address of `hrp`: bech32 for witness version 0 (20 or 32 bytes), bech32m for versions 1-16. */
function segwitProblem(hrp: string, value: string): ChecksumProblem | null {
  const plain = bech32.decodeUnsafe(value);
  const modern = plain ? undefined : bech32m.decodeUnsafe(value);
  const decoded = plain ?? modern;
  if (!decoded) return 'address_checksum';
  if (decoded.prefix !== hrp) return 'address_format';
  const [version, ...words] = decoded.words;
  const program = bech32.fromWordsUnsafe(words);
  if (version === undefined || version > 16 || !program) return 'address_format';
  // BIP350: version 0 is checksummed by bech32, every later version by bech32m; the other checksum is a typo.
  if ((version === 0) !== (plain !== undefined)) return 'address_checksum';
  if (version === 0) return program.length === 20 || program.length === 32 ? null : 'address_format';
  return program.length >= 2 && program.length <= 40 ? null : 'address_format';
}

/** A base58check address of 21 bytes whose first byte is one of `versions`. */
function base58Problem(versions: readonly number[], value: string): ChecksumProblem | null {
  if (base58.decode(value).length !== 25) return 'address_format';
  let payload: Uint8Array;
  try {
    payload = b58c.decode(value);
  } catch {
    return 'address_checksum';
  }
  return versions.includes(payload[0] ?? -1) ? null : 'address_format';
}

function bitcoinLike(hrp: string, versions: readonly number[]): Verifier {
  return (value) => (value.toLowerCase().startsWith(`${hrp}1`) ? segwitProblem(hrp, value) : base58Problem(versions, value));
}

const HEX = '0123456789abcdef';

/** EIP-55: each letter of the address is upper case where the keccak-256 of the lower-case hex has a nibble ≥ 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.replace(/^0x/i, '').toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const nibble = ((hash[index >> 1] ?? 0) >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    const char = lower[index] ?? '';
    out += nibble >= 8 && HEX.indexOf(char) > 9 ? char.toUpperCase() : char;
  }
  return out;
}

function ethereumProblem(value: string): ChecksumProblem | null {
  const body = value.slice(2);
  // Without mixed case an address carries no checksum (EIP-55 keeps such addresses valid).
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  return toChecksumAddress(body) === value ? null : 'address_checksum';
}

/** CRC16-XMODEM (polynomial 0x1021, initial 0), the checksum of a TON user-friendly address. */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const TON_BOUNCEABLE = 0x11;
const TON_NON_BOUNCEABLE = 0x51;
const TON_TEST_ONLY = 0x80;

/** TON: the raw form `workchain:hex`, or the user-friendly 36 bytes (flags, workchain, hash, CRC16) in base64(url). */
function tonProblem(value: string): ChecksumProblem | null {
  if (value.includes(':')) return null;
  const bytes = base64.decode(value.replace(/-/g, '+').replace(/_/g, '/'));
  const crc = crc16Xmodem(bytes.subarray(0, 34));
  if ((bytes[34] ?? 0) * 256 + (bytes[35] ?? 0) !== crc) return 'address_checksum';
  const flags = bytes[0] ?? 0;
  const workchain = bytes[1];
  if (workchain !== 0x00 && workchain !== 0xff) return 'address_format';
  const tag = flags & ~TON_TEST_ONLY;
  if (tag !== TON_BOUNCEABLE && tag !== TON_NON_BOUNCEABLE) return 'address_format';
  return flags & TON_TEST_ONLY ? 'address_test_network' : null;
}

export const CHECKSUM_VERIFIERS = {
  // P2PKH 0x00, P2SH 0x05
  btc: bitcoinLike('bc', [0x00, 0x05]),
  // P2PKH 0x30 (L…), P2SH 0x32 (M…) and the legacy P2SH 0x05 (3…) older wallets still show
  ltc: bitcoinLike('ltc', [0x30, 0x32, 0x05]),
  eth: ethereumProblem,
  trc20: (value: string) => base58Problem([0x41], value),
  ton: tonProblem,
} satisfies Record<string, Verifier>;

/** One checksum check per address network. */
export type ChecksumVerifiers = typeof CHECKSUM_VERIFIERS;
