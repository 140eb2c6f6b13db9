// Idempotency-Key for claim creation, with Stripe's semantics: the same key and request within 24 hours answer
// the first answer (also when both arrive at once: the second waits on the first's key row, then replays it);
// the same key with another request is refused. Keys belong to one client (scope), live in PostgreSQL and are
// written in the claim's own transaction, so a claim and its remembered answer commit or vanish together.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { DomainError } from '../shared/errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long an answer is replayed; older keys are swept and may be used again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyKey {
  /** Whose key: `user:<id>` for a signed-in caller, else `ip:<address>`. */
  scope: string;
  key: string;
  /** SHA-256 of the canonical request. */
  requestHash: string;
}

export interface RememberedAnswer {
  status: number;
  body: unknown;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** JSON with object keys sorted, so two spellings of one request hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The caller's key from the header value (null when none was sent); a malformed one is a 400. */
export function idempotencyKeyFrom(
  header: string | undefined,
  scope: string,
  request: unknown,
): IdempotencyKey | null {
  if (header === undefined) return null;
  if (!KEY_PATTERN.test(header)) {
    throw new DomainError('invalid', {
      detail: /*i18n*/ {
        id: 'claims.idempotencyKey.malformed',
        message: 'The Idempotency-Key header must hold 1 to 255 printable ASCII characters.',
      },
      code: 'invalid_idempotency_key',
    });
  }
  return { scope, key: header, requestHash: createHash('sha256').update(canonical(request)).digest('hex') };
}

/**
 * Takes the key for this transaction, or answers what an earlier request with it answered. A concurrent request
 * with the same key waits here until the first commits (then replays it) or rolls back (then takes the key).
 * The same key with another request is refused with 422.
 */
export async function claimIdempotencyKey(tx: Tx, key: IdempotencyKey): Promise<RememberedAnswer | null> {
  const taken = await tx.execute(sql`
    insert into ${idempotencyKeys} (scope, key, request_hash, status, body)
    values (${key.scope}, ${key.key}, ${key.requestHash}, 0, 'null'::jsonb)
    on conflict (scope, key) do update
      set request_hash = excluded.request_hash, status = 0, body = 'null'::jsonb, created_at = now()
      where ${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
    returning 1`);
  if (taken.rows.length > 0) return null;
  const [earlier] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.key, key.key)));
  if (earlier && earlier.requestHash !== key.requestHash) {
    throw new DomainError('unprocessable', {
      detail: /*i18n*/ {
        id: 'claims.idempotencyKey.reused',
        message: 'This Idempotency-Key was already used for a different request. Use a new key for a new exchange request.',
      },
      code: 'idempotency_key_reused',
    });
  }
  return earlier ? { status: earlier.status, body: earlier.body } : null;
}

/** Ends the look-up transaction of earlierAnswer, keeping nothing. */
class LookedUp extends Error {}

/**
 * What an earlier request with this key answered (after waiting for one still under way, as claimIdempotencyKey
 * does), or null; takes nothing. For checks a retry must not fail once its first attempt went through, such as a
 * captcha that attempt spent. The same key with another request is refused with 422, as claimIdempotencyKey does.
 */
export async function earlierAnswer(db: Db, key: IdempotencyKey): Promise<RememberedAnswer | null> {
  let earlier: RememberedAnswer | null = null;
  try {
    await db.transaction(async (tx) => {
      earlier = await claimIdempotencyKey(tx, key);
      throw new LookedUp();
    });
  } catch (error) {
    if (!(error instanceof LookedUp)) throw error;
  }
  return earlier;
}

/** Deletes keys past the replay window; answers how many. */
export async function sweepIdempotencyKeys(db: Pick<Db, 'delete'>): Promise<number> {
  const swept = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return swept.length;
}
