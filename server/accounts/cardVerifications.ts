// An account's card verifications: a card number (kept masked, with a keyed fingerprint to spot the same card
// twice), photos of the card, then a review by an operator. A draft or a rejected one may change; one under
// review or approved may not.
import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { VerificationStatus } from '../../src/api/schemas/verification.ts';
import { normalizeRequisite, requisiteProblem } from '../../src/domain/requisites.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { verificationImages, verifications } from '../db/schema/verification.ts';
import type { Text } from '../i18n/text.ts';
import type { PageRequest } from '../shared/paging.ts';
import { addCardPhoto, MAX_PHOTOS_PER_USER, MAX_PHOTOS_PER_VERIFICATION } from './cardPhotos.ts';
import type { CleanImage } from '../uploads/reencode.ts';
import { refuse, refuseFields } from '../shared/errors.ts';
import { requisiteMessage } from '../claims/requisiteMessages.ts';
import { cardFingerprint, keptCardMask } from './cardNumber.ts';

/** Verifications one account may keep at a time. */
const MAX_VERIFICATIONS = 20;

export type VerificationRow = typeof verifications.$inferSelect;

const EDITABLE: readonly VerificationStatus[] = ['draft', 'rejected'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A verification that is not there (or not the caller's), as the owner and the console are told. */
export const VERIFICATION_NOT_FOUND: Text = /*i18n*/ { id: 'accounts.verification.notFound', message: 'Verification not found.' };

function notFound(): never {
  refuse('not_found', VERIFICATION_NOT_FOUND);
}

function notEditable(): never {
  refuse('invalid', /*i18n*/ {
    id: 'accounts.verification.notEditable',
    message: 'This verification is under review or approved and can no longer be changed.',
  });
}

/** Refuses a change to a verification under review or approved. */
export function requireEditable(row: VerificationRow): void {
  if (!EDITABLE.includes(row.status)) notEditable();
}

/** The account's verification by numeric id or uuid; somebody else's is not found, like a missing one. */
export async function ownVerification(db: Db, userId: number, key: string | number): Promise<VerificationRow> {
  const raw = String(key);
  const byId = /^\d{1,9}$/.test(raw);
  if (!byId && !UUID.test(raw)) notFound();
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(byId ? eq(verifications.id, Number(raw)) : eq(verifications.uuid, raw.toLowerCase()), eq(verifications.userId, userId)));
  if (!row) notFound();
  return row;
}

export async function imageCount(db: Db, verificationId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(verificationImages).where(eq(verificationImages.verificationId, verificationId));
  return row?.value ?? 0;
}

/** One page of the account's verifications (optionally of one status), newest first, with their photo counts. */
export async function verificationPage(
  db: Db,
  userId: number,
  status: VerificationStatus | undefined,
  page: PageRequest,
): Promise<{ total: number; rows: { row: VerificationRow; images: number }[] }> {
  const where = and(eq(verifications.userId, userId), status ? eq(verifications.status, status) : undefined);
  const [total] = await db.select({ value: count() }).from(verifications).where(where);
  const rows = await db
    .select()
    .from(verifications)
    .where(where)
    .orderBy(desc(verifications.createdAt), desc(verifications.id))
    .limit(page.size)
    .offset(page.offset);
  const counts = rows.length
    ? await db
        .select({ id: verificationImages.verificationId, value: count() })
        .from(verificationImages)
        .where(inArray(verificationImages.verificationId, rows.map((row) => row.id)))
        .groupBy(verificationImages.verificationId)
    : [];
  const images = new Map(counts.map((row) => [row.id, row.value]));
  return { total: total?.value ?? 0, rows: rows.map((row) => ({ row, images: images.get(row.id) ?? 0 })) };
}

/** The digits of a valid card number, or a refusal under `card`. */
function cardDigits(input: string): string {
  const digits = normalizeRequisite('card', input);
  const problem = requisiteProblem('card', digits);
  if (problem !== null) refuseFields({ card: [requisiteMessage('card', problem, digits)] });
  return digits;
}

async function refuseDuplicate(db: Db, userId: number, fingerprint: string, exceptId?: number): Promise<void> {
  const rows = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.cardFingerprint, fingerprint)));
  if (rows.some((row) => row.id !== exceptId)) {
    refuseFields({ card: [/*i18n*/ { id: 'accounts.verification.cardDuplicate', message: 'This card has already been added.' }] });
  }
}

/** A new draft for `card`; `fingerprintKey` is the server's card-fingerprint key. */
export async function addVerification(db: Db, userId: number, card: string, fingerprintKey: string): Promise<VerificationRow> {
  const digits = cardDigits(card);
  const fingerprint = cardFingerprint(digits, fingerprintKey);
  await refuseDuplicate(db, userId, fingerprint);
  const [existing] = await db.select({ value: count() }).from(verifications).where(eq(verifications.userId, userId));
  if ((existing?.value ?? 0) >= MAX_VERIFICATIONS) {
    refuse('invalid', /*i18n*/ { id: 'accounts.verification.tooMany', message: 'Too many cards. Delete the ones you no longer use.' });
  }
  const [row] = await db.insert(verifications).values({ userId, cardMasked: keptCardMask(digits), cardFingerprint: fingerprint }).returning();
  if (!row) throw new Error('verification insert returned nothing');
  return row;
}

/** Puts another card on a draft or rejected verification, which becomes a draft again. */
export async function changeVerificationCard(
  db: Db,
  row: VerificationRow,
  card: string,
  fingerprintKey: string,
): Promise<VerificationRow> {
  requireEditable(row);
  const digits = cardDigits(card);
  const fingerprint = cardFingerprint(digits, fingerprintKey);
  await refuseDuplicate(db, row.userId, fingerprint, row.id);
  const [updated] = await db
    .update(verifications)
    .set({ cardMasked: keptCardMask(digits), cardFingerprint: fingerprint, status: 'draft', reason: null, updatedAt: new Date() })
    .where(and(eq(verifications.id, row.id), inArray(verifications.status, [...EDITABLE])))
    .returning();
  if (!updated) notEditable();
  return updated;
}

/** Deletes a verification that is not under review, with its photos (foreign key cascade). */
export async function deleteVerification(db: Db, row: VerificationRow): Promise<void> {
  if (row.status === 'pending') notEditable();
  // Under the row lock no upload can slip in.
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: verifications.status }).from(verifications).where(eq(verifications.id, row.id)).for('update');
    if (!locked) notFound();
    if (locked.status === 'pending') notEditable();
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    // The account is verified while one of its verifications stands approved, not because one ever was.
    await tx
      .update(users)
      .set({ verified: sql`exists (select 1 from ${verifications} where ${verifications.userId} = ${row.userId} and ${verifications.status} = 'approved')` })
      .where(eq(users.id, row.userId));
  });
}

/** Stores a checked photo of the card within the caps; answers how many photos the verification now holds. */
export async function addPhoto(db: Db, row: VerificationRow, image: CleanImage): Promise<number> {
  const outcome = await addCardPhoto(db, row.userId, row.id, [...EDITABLE], image);
  if (outcome === 'not_editable') notEditable();
  if (outcome === 'too_many') {
    refuseFields({
      file: [
        /*i18n*/ {
          id: 'accounts.verification.photosTooMany',
          message: 'At most {count} photos can be uploaded.',
          values: { count: MAX_PHOTOS_PER_VERIFICATION },
        },
      ],
    });
  }
  if (outcome === 'too_many_for_user') {
    refuseFields({
      file: [
        /*i18n*/ {
          id: 'accounts.verification.photosTooManyForUser',
          message: 'The account already holds {count} card photos: delete the verifications you no longer need.',
          values: { count: MAX_PHOTOS_PER_USER },
        },
      ],
    });
  }
  return imageCount(db, row.id);
}

/** Sends a verification with at least one photo for review. */
export async function sendForReview(db: Db, row: VerificationRow): Promise<VerificationRow> {
  requireEditable(row);
  if ((await imageCount(db, row.id)) === 0) {
    refuse('invalid', /*i18n*/ { id: 'accounts.verification.photoMissing', message: 'Upload a photo of the card first.' });
  }
  const [updated] = await db
    .update(verifications)
    .set({ status: 'pending', reason: null, updatedAt: new Date() })
    .where(
      and(
        eq(verifications.id, row.id),
        inArray(verifications.status, [...EDITABLE]),
        exists(db.select({ one: sql`1` }).from(verificationImages).where(eq(verificationImages.verificationId, row.id))),
      ),
    )
    .returning();
  if (!updated) notEditable();
  return updated;
}
