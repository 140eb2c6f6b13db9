// Keys every instance must agree on: the access-token key, the card-fingerprint key and the requisite-search key
// (one per use, so that one leaking or rotating does not touch the others). Taken from the environment, or created once in PostgreSQL by
// whichever instance asks first (insert that loses a race does nothing; all then read the stored value). With
// DATA_KEY the access-token key is derived from it (config.ts) and the other two are stored sealed under it, so a
// dump of the database alone opens none; `keys rotate` re-seals them, and stored fingerprints and digests stay valid.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { serverSecrets } from '../db/schema/security.ts';
import { openSecret, sealSecret } from '../keys/atRest.ts';

export type SecretName = 'access_token_key' | 'card_fingerprint_key' | 'requisite_search_key';

/** The stored secret `name`, created on first use. */
export async function sharedSecret(db: Db, name: SecretName): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: sealSecret(randomBytes(48).toString('base64url')) }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return openSecret(row.value);
}

// A stored secret never changes, so each process reads it once per database.
const cache = new WeakMap<Db, Map<SecretName, Promise<string>>>();

function cached(db: Db, name: SecretName): Promise<string> {
  let secrets = cache.get(db);
  if (!secrets) {
    secrets = new Map();
    cache.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (!secret) {
    secret = sharedSecret(db, name);
    // A failed read (database down) is tried again by the next request.
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

/** The key that signs and checks access tokens (and derives refresh successors). */
export function accessTokenKey(db: Db, config: Pick<Config, 'jwtSecret'>): Promise<string> {
  const given = config.jwtSecret;
  return given !== null ? Promise.resolve(given) : cached(db, 'access_token_key');
}

/** The key of card fingerprints. */
export function cardFingerprintKey(db: Db, config: Pick<Config, 'cardFingerprintKey'>): Promise<string> {
  const given = config.cardFingerprintKey;
  return given !== null ? Promise.resolve(given) : cached(db, 'card_fingerprint_key');
}

/** The key of the digests the console's search by requisite compares (claims/requisiteDigests.ts). */
export function requisiteSearchKey(db: Db): Promise<string> {
  return cached(db, 'requisite_search_key');
}
