// Card photos live in PostgreSQL in their verification_images rows (deleted with the verification by the
// foreign key), added in one transaction that holds the caps: per verification and per account.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { verificationImages, verifications } from '../db/schema/verification.ts';
import type { CleanImage } from '../uploads/reencode.ts';

/** Photos one verification may hold. */
export const MAX_PHOTOS_PER_VERIFICATION = 5;
/** Photos one account may hold over all its verifications. */
export const MAX_PHOTOS_PER_USER = 30;

/** Lock namespace of the per-account photo cap (pg_advisory_xact_lock(namespace, user id)). */
const PHOTO_CAP_LOCK = 0x70686f74;

export type PhotoOutcome = 'stored' | 'not_editable' | 'too_many' | 'too_many_for_user';

/**
 * Adds `image` to verification `verificationId` of `userId` while its status is one of `editable`. Parallel
 * uploads of one account queue on an advisory lock, so both caps hold and a refused photo is never written.
 */
export async function addCardPhoto(
  db: Db,
  userId: number,
  verificationId: number,
  editable: readonly string[],
  image: CleanImage,
): Promise<PhotoOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHOTO_CAP_LOCK}::int, ${userId}::int)`);
    const [locked] = await tx
      .select({ status: verifications.status })
      .from(verifications)
      .where(and(eq(verifications.id, verificationId), eq(verifications.userId, userId)))
      .for('update');
    if (!locked || !editable.includes(locked.status)) return 'not_editable';
    const [held] = await tx.select({ value: count() }).from(verificationImages).where(eq(verificationImages.verificationId, verificationId));
    if ((held?.value ?? 0) >= MAX_PHOTOS_PER_VERIFICATION) return 'too_many';
    const [owned] = await tx
      .select({ value: count() })
      .from(verificationImages)
      .where(inArray(verificationImages.verificationId, tx.select({ id: verifications.id }).from(verifications).where(eq(verifications.userId, userId))));
    if ((owned?.value ?? 0) >= MAX_PHOTOS_PER_USER) return 'too_many_for_user';
    await tx.insert(verificationImages).values({ verificationId, mime: image.mime, size: image.bytes.length, bytes: image.bytes });
    return 'stored';
  });
}

/** One photo (for the back office and any instance), or null. */
export async function readCardPhoto(db: Db, imageId: number): Promise<{ mime: string; bytes: Buffer; verificationId: number } | null> {
  const [row] = await db
    .select({ mime: verificationImages.mime, bytes: verificationImages.bytes, verificationId: verificationImages.verificationId })
    .from(verificationImages)
    .where(eq(verificationImages.id, imageId));
  return row ?? null;
}
