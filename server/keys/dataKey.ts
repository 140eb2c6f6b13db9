// The data key (DATA_KEY: 32 random bytes, base64) and the one it replaces during a rotation (DATA_KEY_PREVIOUS).
// Each key is known by a short id derived from it, written into every value it seals, so a value names the key
// that opens it and a rotation can tell what is left to re-encrypt.
import { hkdfSync } from 'node:crypto';

type Env = Record<string, string | undefined>;

export interface DataKey {
  /** 8 characters derived from the key; safe to store and log. */
  id: string;
  /** The AES-256-GCM key values are sealed with (derived, never the raw DATA_KEY). */
  sealing: Buffer;
  /** DATA_KEY itself, from which other keys are derived (derive.ts). */
  raw: Buffer;
}

export interface Keyring {
  /** Seals every new value. */
  current: DataKey;
  /** Still opens values sealed before a rotation; null outside one. */
  previous: DataKey | null;
}

const KEY_BYTES = 32;

/** HKDF-SHA256 of a data key for one purpose (`info`), so no two uses ever share key material. */
export function deriveKey(raw: Buffer, info: string, length = KEY_BYTES): Buffer {
  return Buffer.from(hkdfSync('sha256', raw, Buffer.alloc(0), info, length));
}

function dataKey(name: string, value: string): DataKey {
  const raw = Buffer.from(value, 'base64');
  if (raw.length !== KEY_BYTES || raw.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, ''))
    throw new Error(`${name} must be 32 random bytes in base64 (openssl rand -base64 32)`);
  return {
    id: deriveKey(raw, 'exchanger data key id', 6).toString('base64url'),
    sealing: deriveKey(raw, 'exchanger data sealing v1'),
    raw,
  };
}

/** The keyring of DATA_KEY and DATA_KEY_PREVIOUS; null without DATA_KEY. Throws on a malformed key. */
export function keyringFrom(env: Env): Keyring | null {
  const current = env.DATA_KEY?.trim();
  const previous = env.DATA_KEY_PREVIOUS?.trim();
  if (!current) {
    if (previous) throw new Error('DATA_KEY_PREVIOUS is set without DATA_KEY');
    return null;
  }
  return {
    current: dataKey('DATA_KEY', current),
    previous: previous ? dataKey('DATA_KEY_PREVIOUS', previous) : null,
  };
}

let processKeyring: Keyring | null | undefined;

/**
 * The keyring of this process's environment, read once. Services seal and open with it without a Config in hand
 * (a claim move prepares a card verification from the claim's sealed card).
 */
export function dataKeyring(): Keyring | null {
  if (processKeyring === undefined) processKeyring = keyringFrom(process.env);
  return processKeyring;
}
