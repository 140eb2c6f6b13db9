// What the console reads about card verifications: the queue by status, with the owner and the photo ids.
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { verificationImages, verifications } from '../db/schema/verification.ts';

export interface QueuedVerification {
  id: number;
  uuid: string;
  status: string;
  email: string;
  cardMasked: string;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
  imageIds: number[];
}

export async function verificationQueue(
  db: Db,
  status: string,
  page: { offset: number; size: number },
): Promise<{ count: number; rows: QueuedVerification[] }> {
  const where = eq(verifications.status, status as 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: verifications.id,
        uuid: verifications.uuid,
        status: verifications.status,
        email: users.email,
        cardMasked: verifications.cardMasked,
        reason: verifications.reason,
        createdAt: verifications.createdAt,
        updatedAt: verifications.updatedAt,
      })
      .from(verifications)
      .innerJoin(users, eq(users.id, verifications.userId))
      .where(where)
      // Pending: the oldest waits longest and comes first; decided ones: the latest decision first.
      .orderBy(status === 'pending' ? asc(verifications.updatedAt) : desc(verifications.updatedAt))
      .limit(page.size)
      .offset(page.offset),
    db.select({ value: count() }).from(verifications).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const images =
    ids.length === 0
      ? []
      : await db
          .select({ id: verificationImages.id, verificationId: verificationImages.verificationId })
          .from(verificationImages)
          .where(inArray(verificationImages.verificationId, ids))
          .orderBy(verificationImages.id);
  return {
    count: total?.value ?? 0,
    rows: rows.map((row) => ({
      ...row,
      imageIds: images.filter((image) => image.verificationId === row.id).map((image) => image.id),
    })),
  };
}

export async function verificationByUuid(db: Db, uuid: string): Promise<{ id: number; status: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
  const [row] = await db
    .select({ id: verifications.id, status: verifications.status })
    .from(verifications)
    .where(eq(verifications.uuid, uuid));
  return row ?? null;
}
