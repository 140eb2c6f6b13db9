// Sealed values at rest: AES-256-GCM under the data key, in a versioned text envelope that names its key:
//   enc:v1:<key id>:<base64url(12-byte nonce | ciphertext | 16-byte tag)>
// A value without the prefix is plain (written before DATA_KEY was set, or in a demo without one) and is read as is.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKey, Keyring } from './dataKey.ts';

const PREFIX = 'enc:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The id of the key a sealed value names; null for a plain value. */
export function sealedKeyId(value: string): string | null {
  if (!isSealed(value)) return null;
  return value.slice(PREFIX.length).split(':', 1)[0] ?? null;
}

function sealWith(key: DataKey, plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.sealing, nonce);
  const body = Buffer.concat([nonce, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${key.id}:${body.toString('base64url')}`;
}

/** `plain` sealed under the current key; unchanged without a keyring (a demo without DATA_KEY). */
export function seal(keyring: Keyring | null, plain: string): string {
  return keyring === null ? plain : sealWith(keyring.current, plain);
}

export class UnknownDataKeyError extends Error {
  constructor(keyId: string) {
    super(
      `a value is sealed under data key ${keyId}, which neither DATA_KEY nor DATA_KEY_PREVIOUS is: set the key it was sealed with`,
    );
  }
}

/** The plain text of a stored value: opened when sealed (by whichever key of the ring it names), else as stored. */
export function open(keyring: Keyring | null, stored: string): string {
  const keyId = sealedKeyId(stored);
  if (keyId === null) return stored;
  const key = [keyring?.current, keyring?.previous].find((candidate) => candidate?.id === keyId);
  if (!key) throw new UnknownDataKeyError(keyId);
  const body = Buffer.from(stored.slice(PREFIX.length + keyId.length + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.sealing, body.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** Whether a rotation still has to rewrite this value: plain, or sealed under another key than the current one. */
export function needsResealing(keyring: Keyring, stored: string): boolean {
  return sealedKeyId(stored) !== keyring.current.id;
}

/** The value sealed under the current key (opened first when sealed under the previous one). */
export function reseal(keyring: Keyring, stored: string): string {
  return needsResealing(keyring, stored) ? sealWith(keyring.current, open(keyring, stored)) : stored;
}

/** Every value of a requisites record sealed (field names stay readable: they are the catalogue's, not the client's). */
export function sealRecord(keyring: Keyring | null, record: Record<string, string>): Record<string, string> {
  if (keyring === null) return record;
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, sealWith(keyring.current, value)]));
}

export function openRecord(keyring: Keyring | null, record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, open(keyring, value)]));
}
