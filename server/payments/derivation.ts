// Deposit addresses derived from an account-level extended public key (no private key ever on the server):
// BIP84 native segwit for Bitcoin and Litecoin, BIP44 for Ethereum (ERC-20 alike) and TRON (TRC-20 alike). The
// receive chain is 0; an address is the key's child 0/index. Derivation and encodings are the audited @scure and
// @noble libraries'; this file only says which version bytes a coin takes and how its address is spelled.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58check, bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { toChecksumAddress } from '../../src/domain/addressChecksums.ts';

/** The coins whose deposit addresses may come from a key: the address rules of src/domain/requisites.ts. */
export type KeyNetwork = 'btc' | 'ltc' | 'eth' | 'trc20';

export function isKeyNetwork(value: string | null): value is KeyNetwork {
  return value === 'btc' || value === 'ltc' || value === 'eth' || value === 'trc20';
}

const b58c = base58check(sha256);

/** Public version bytes (BIP32, SLIP-132) each coin's key may carry: all name a BIP84 or BIP44 account's key. */
const ACCEPTED_VERSIONS: Record<KeyNetwork, Record<number, string>> = {
  btc: { 0x04b24746: 'zpub', 0x0488b21e: 'xpub' },
  ltc: { 0x04b24746: 'zpub', 0x0488b21e: 'xpub', 0x019da462: 'Ltub' },
  eth: { 0x0488b21e: 'xpub' },
  trc20: { 0x0488b21e: 'xpub' },
};

/** Version bytes known to mean something else: a private key, another purpose (P2SH segwit) or a test network. */
const PRIVATE_VERSIONS = new Set([0x0488ade4, 0x04b2430c, 0x049d7878, 0x019d9cfe, 0x04358394, 0x045f18bc, 0x044a4e28]);

/** Why a key is refused, each with its own message for the operator. */
export type KeyProblem = 'format' | 'private' | 'version' | 'depth' | 'invalid';

/** BIP32 serialises depth 3 for an account key (m/purpose'/coin'/account'). */
const ACCOUNT_DEPTH = 3;

const receiveChains = new Map<string, HDKey>();

/** The key's receive chain (child 0), parsed once per process: deriving an address is then one child step. */
function receiveChain(key: string): HDKey {
  let chain = receiveChains.get(key);
  if (!chain) {
    const version = new DataView(b58c.decode(key).buffer).getUint32(0);
    chain = HDKey.fromExtendedKey(key, { public: version, private: 0 }).deriveChild(0);
    receiveChains.set(key, chain);
  }
  return chain;
}

/** What is wrong with `key` as `network`'s deposit key, or null when addresses can be derived from it. */
export function keyProblem(network: KeyNetwork, key: string): KeyProblem | null {
  let payload: Uint8Array;
  try {
    payload = b58c.decode(key);
  } catch {
    return 'format';
  }
  if (payload.length !== 78) return 'format';
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  if (PRIVATE_VERSIONS.has(version) || payload[45] === 0) return 'private';
  if (!(version in ACCEPTED_VERSIONS[network])) return 'version';
  if (payload[4] !== ACCOUNT_DEPTH) return 'depth';
  try {
    receiveChain(key).deriveChild(0);
  } catch {
    return 'invalid';
  }
  return null;
}

function uncompressedTail(publicKey: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(publicKey).toBytes(false).subarray(1);
}

/** The address of receive index `index` of `key` (already checked with keyProblem). */
export function deriveAddress(network: KeyNetwork, key: string, index: number): string {
  const child = receiveChain(key).deriveChild(index);
  if (!child.publicKey || !child.identifier) throw new Error('a public key derives a public child');
  if (network === 'btc' || network === 'ltc') {
    return bech32.encode(network === 'btc' ? 'bc' : 'ltc', [0, ...bech32.toWords(child.identifier)]);
  }
  const hash = keccak_256(uncompressedTail(child.publicKey)).subarray(12);
  if (network === 'eth') return toChecksumAddress(bytesToHex(hash));
  return b58c.encode(Uint8Array.of(0x41, ...hash));
}
