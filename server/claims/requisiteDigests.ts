// The console finds a claim by any of its requisites (a card, a wallet, a phone) typed as the client gave it. Under
// DATA_KEY the stored values are sealed with a random nonce and never equal what is typed, so each claim also keeps a
// keyed digest of every value and the search compares digests. The key is a shared secret of its own, stored sealed:
// a rotation of DATA_KEY re-seals it and leaves every digest valid; a dump of the database alone cannot test guesses
// of a card number against them.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { requisiteSearchKey } from '../auth/sharedSecrets.ts';
import type { Db } from '../db/index.ts';
import { claims } from '../db/schema/claims.ts';
import { openRequisites } from '../keys/atRest.ts';
import { UnknownDataKeyError } from '../keys/envelope.ts';
import { log } from '../log.ts';

/** 128 bits of HMAC-SHA256 in base64url: no two values a console could ever hold collide. */
const DIGEST_CHARS = 22;

/** A value as the search compares it: case and spaces ignored ("4276 3800 …" is "42763800…"). */
function searchForm(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '');
}

// The key imported once: an HMAC given the key as text imports it at every call, twice the cost of the digest.
const importedKeys = new Map<string, KeyObject>();

function imported(key: string): KeyObject {
  let object = importedKeys.get(key);
  if (!object) importedKeys.set(key, (object = createSecretKey(Buffer.from(key))));
  return object;
}

/** The digest the search looks for when an operator types `text`; null when it holds nothing to look for. */
export function requisiteDigest(key: string, text: string): string | null {
  const form = searchForm(text);
  return form === '' ? null : createHmac('sha256', imported(key)).update(form).digest('base64url').slice(0, DIGEST_CHARS);
}

/** The digests of every value of a claim's requisites (both sides), each once. */
export function requisiteDigests(key: string, ...records: Record<string, string>[]): string[] {
  const digests = records.flatMap((record) => Object.values(record).map((value) => requisiteDigest(key, value)));
  return [...new Set(digests.filter((digest) => digest !== null))];
}

const BATCH = 500;

/**
 * Computes the digests of claims stored without them (before digests existed, or inserted by hand), a batch per
 * transaction; instances starting together share the work (skip locked). A claim sealed under a key this process
 * lacks stays undigested, and is tried again at the next start. Answers how many claims were digested.
 */
export async function digestUndigestedClaims(db: Db): Promise<number> {
  const key = await requisiteSearchKey(db);
  let digested = 0;
  let unopened = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.execute<{ uuid: string; from: Record<string, string>; to: Record<string, string> }>(sql`
        select uuid, from_requisites as "from", to_requisites as "to" from ${claims}
        where requisite_digests is null order by uuid limit ${BATCH} offset ${unopened}
        for update skip locked`);
      const updates: { uuid: string; digests: string[] }[] = [];
      for (const row of rows.rows) {
        try {
          updates.push({ uuid: row.uuid, digests: requisiteDigests(key, openRequisites(row.from), openRequisites(row.to)) });
        } catch (error) {
          if (!(error instanceof UnknownDataKeyError)) throw error;
          unopened += 1;
        }
      }
      if (updates.length > 0)
        await tx.execute(sql`
          update ${claims} set requisite_digests = given.digests
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as given(uuid uuid, digests text[])
          where ${claims.uuid} = given.uuid`);
      return { read: rows.rows.length, written: updates.length };
    });
    digested += batch.written;
    if (batch.read < BATCH) break;
  }
  if (unopened > 0)
    log.warn(`${unopened} claim(s) could not be made searchable by requisite: sealed under a key DATA_KEY and DATA_KEY_PREVIOUS are not`);
  return digested;
}
