// Payment receipts live in PostgreSQL beside their claim: the upload is one transaction that checks the claim's
// status, replaces the receipt in place and marks the claim, so any instance can read it and nothing is orphaned.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { claimReceipts } from '../db/schema/security.ts';
import type { CleanImage } from '../uploads/reencode.ts';

/** How many times one claim's receipt may be sent (each one replaces the last). */
export const MAX_RECEIPT_UPLOADS_PER_CLAIM = 5;

export type ReceiptOutcome = 'stored' | 'not_accepting' | 'too_many';

class Refused extends Error {
  readonly outcome: Exclude<ReceiptOutcome, 'stored'>;

  constructor(outcome: Exclude<ReceiptOutcome, 'stored'>) {
    super(outcome);
    this.outcome = outcome;
  }
}

/**
 * Stores `image` as the receipt of claim `uuid` while its status is one of `statuses`. Parallel uploads queue
 * on the claim's row; the cap is checked by the upsert itself.
 */
export async function storeReceipt(
  db: Db,
  uuid: string,
  statuses: readonly string[],
  image: CleanImage,
): Promise<ReceiptOutcome> {
  try {
    await db.transaction(async (tx) => {
      const marked = await tx.execute(sql`
        update claims set bill_uploaded_at = now(), updated_at = now()
        where uuid = ${uuid} and status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        returning uuid`);
      if (marked.rows.length === 0) throw new Refused('not_accepting');
      const stored = await tx
        .insert(claimReceipts)
        .values({ claimUuid: uuid, mime: image.mime, bytes: image.bytes })
        .onConflictDoUpdate({
          target: claimReceipts.claimUuid,
          set: {
            mime: image.mime,
            bytes: image.bytes,
            uploads: sql`${claimReceipts.uploads} + 1`,
            uploadedAt: sql`now()`,
          },
          setWhere: sql`${claimReceipts.uploads} < ${MAX_RECEIPT_UPLOADS_PER_CLAIM}`,
        })
        .returning({ uploads: claimReceipts.uploads });
      if (stored.length === 0) throw new Refused('too_many');
    });
    return 'stored';
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** The receipt of a claim (for the back office and any instance), or null. */
export async function readReceipt(
  db: Db,
  uuid: string,
): Promise<{ mime: string; bytes: Buffer; uploadedAt: Date } | null> {
  const [row] = await db
    .select({ mime: claimReceipts.mime, bytes: claimReceipts.bytes, uploadedAt: claimReceipts.uploadedAt })
    .from(claimReceipts)
    .where(eq(claimReceipts.claimUuid, uuid));
  return row ?? null;
}
