// /api/v1/verify/ (the owner's card verifications) and /api/v2/verify/ (photo upload and sending for review).
import { Hono, type Context } from 'hono';
import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import {
  confirmVerificationRequest,
  verificationRequest,
  verificationStatus,
  type VerificationStatusResponse,
} from '../../src/api/schemas/verification.ts';
import { normalizeRequisite, requisiteProblem } from '../../src/domain/requisites.ts';
import { requisiteMessage } from '../services/requisiteMessages.ts';
import { cardFingerprint, maskCard } from '../services/accounts/cardNumber.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { verificationDto } from '../http/presenters.ts';
import { authenticate, currentUserId } from '../auth/authenticate.ts';
import { cardFingerprintKey } from '../auth/sharedSecrets.ts';
import { verificationImages, verifications } from '../db/schema/verification.ts';
import type { AppEnv } from '../http/env.ts';
import { fail, fieldErrors } from '../http/errors.ts';
import { format, tr } from '../http/i18n.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { jsonBody, validate } from '../http/validate.ts';
import { addCardPhoto, MAX_PHOTOS_PER_USER, MAX_PHOTOS_PER_VERIFICATION } from '../uploads/cardPhotos.ts';
import { cleanUpload } from '../uploads/readUpload.ts';
import * as z from 'zod/mini';

/** Verifications one account may keep at a time. */
const MAX_VERIFICATIONS = 20;

type VerificationRow = typeof verifications.$inferSelect;

const EDITABLE: ReadonlySet<VerificationRow['status']> = new Set(['draft', 'rejected']);

function notFound(c: Context<AppEnv>): never {
  fail(404, tr(c.get('locale'), { ru: 'Верификация не найдена.', en: 'Verification not found.' }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's verification by numeric id or uuid; somebody else's answers 404 like a missing one. */
async function ownVerification(c: Context<AppEnv>, key: string | number): Promise<VerificationRow> {
  const raw = String(key);
  const byId = /^\d{1,9}$/.test(raw);
  if (!byId && !UUID.test(raw)) notFound(c);
  const [row] = await c
    .get('db')
    .select()
    .from(verifications)
    .where(
      and(
        byId ? eq(verifications.id, Number(raw)) : eq(verifications.uuid, raw.toLowerCase()),
        eq(verifications.userId, currentUserId(c)),
      ),
    );
  if (!row) notFound(c);
  return row;
}

async function imageCount(c: Context<AppEnv>, verificationId: number): Promise<number> {
  const [row] = await c
    .get('db')
    .select({ value: count() })
    .from(verificationImages)
    .where(eq(verificationImages.verificationId, verificationId));
  return row?.value ?? 0;
}

/** The digits of a valid card number, or a 400 under `card`. */
function cardDigits(c: Context<AppEnv>, input: string): string {
  const digits = normalizeRequisite('card', input);
  const problem = requisiteProblem('card', digits);
  if (problem !== null) fieldErrors({ card: [requisiteMessage(c.get('locale'), 'card', problem, digits)] });
  return digits;
}

async function rejectDuplicate(c: Context<AppEnv>, fingerprint: string, exceptId?: number): Promise<void> {
  const rows = await c
    .get('db')
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.userId, currentUserId(c)), eq(verifications.cardFingerprint, fingerprint)));
  if (rows.some((row) => row.id !== exceptId)) {
    fieldErrors({
      card: [tr(c.get('locale'), { ru: 'Эта карта уже добавлена.', en: 'This card has already been added.' })],
    });
  }
}

function notEditable(c: Context<AppEnv>): never {
  fail(
    400,
    tr(c.get('locale'), {
      ru: 'Верификация уже отправлена на проверку или одобрена: изменить её нельзя.',
      en: 'This verification is under review or approved and can no longer be changed.',
    }),
  );
}

const listQuery = z.object({ status: z.optional(verificationStatus) });

export const verifyRoutes = new Hono<AppEnv>()
  .use('*', authenticate)
  .get('/', async (c) => {
    const { status } = validate(listQuery, { status: c.req.query('status') }, c.get('locale'));
    const page = readPage(c);
    const where = and(
      eq(verifications.userId, currentUserId(c)),
      status ? eq(verifications.status, status) : undefined,
    );
    const db = c.get('db');
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
          .where(
            inArray(
              verificationImages.verificationId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(verificationImages.verificationId)
      : [];
    const images = new Map(counts.map((row) => [row.id, row.value]));
    return c.json(
      pagedBody(
        c,
        page,
        total?.value ?? 0,
        rows.map((row) => verificationDto(row, images.get(row.id) ?? 0)),
      ),
    );
  })
  .post('/', rateLimit({ name: 'verify-create', capacity: 20, perSecond: 0.1 }), async (c) => {
    const body = await jsonBody(c, verificationRequest);
    const digits = cardDigits(c, body.card);
    const fingerprint = cardFingerprint(digits, await cardFingerprintKey(c));
    await rejectDuplicate(c, fingerprint);
    const userId = currentUserId(c);
    const db = c.get('db');
    const [existing] = await db.select({ value: count() }).from(verifications).where(eq(verifications.userId, userId));
    if ((existing?.value ?? 0) >= MAX_VERIFICATIONS) {
      fail(
        400,
        tr(c.get('locale'), {
          ru: 'Слишком много карт. Удалите ненужные.',
          en: 'Too many cards. Delete the ones you no longer use.',
        }),
      );
    }
    const [row] = await db
      .insert(verifications)
      .values({ userId, cardMasked: maskCard(digits), cardFingerprint: fingerprint })
      .returning();
    return c.json(verificationDto(row!, 0), 201);
  })
  .get('/inputs/', (c) => {
    const locale = c.get('locale');
    return c.json([
      { name: 'card', label: tr(locale, { ru: 'Номер карты', en: 'Card number' }), check: 'card', required: true },
    ]);
  })
  .get('/:id/', async (c) => {
    const row = await ownVerification(c, c.req.param('id'));
    return c.json(verificationDto(row, await imageCount(c, row.id)));
  })
  .put('/:id/', async (c) => {
    const row = await ownVerification(c, c.req.param('id'));
    const body = await jsonBody(c, verificationRequest);
    if (!EDITABLE.has(row.status)) notEditable(c);
    const digits = cardDigits(c, body.card);
    const fingerprint = cardFingerprint(digits, await cardFingerprintKey(c));
    await rejectDuplicate(c, fingerprint, row.id);
    const [updated] = await c
      .get('db')
      .update(verifications)
      .set({
        cardMasked: maskCard(digits),
        cardFingerprint: fingerprint,
        status: 'draft',
        reason: null,
        updatedAt: new Date(),
      })
      .where(and(eq(verifications.id, row.id), inArray(verifications.status, [...EDITABLE])))
      .returning();
    if (!updated) notEditable(c);
    return c.json(verificationDto(updated, await imageCount(c, row.id)));
  })
  .delete('/:id/', async (c) => {
    const row = await ownVerification(c, c.req.param('id'));
    if (row.status === 'pending') notEditable(c);
    // Under the row lock no upload can slip in; the photos go with the row (foreign key cascade).
    await c.get('db').transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: verifications.status })
        .from(verifications)
        .where(eq(verifications.id, row.id))
        .for('update');
      if (!locked) notFound(c);
      if (locked.status === 'pending') notEditable(c);
      await tx.delete(verifications).where(eq(verifications.id, row.id));
    });
    return c.body(null, 204);
  })
  .get('/:id/status/', async (c) => {
    const row = await ownVerification(c, c.req.param('id'));
    const body: VerificationStatusResponse = { status: row.status, reason: row.reason };
    return c.json(body);
  });

const uploadForm = z.strictObject({ verification: z.string().check(z.regex(/^\d{1,9}$/)), file: z.unknown() });

export const verifyV2Routes = new Hono<AppEnv>()
  .use('*', authenticate)
  .post('/upload/', rateLimit({ name: 'verify-upload', capacity: 30, perSecond: 0.2 }), async (c) => {
    const locale = c.get('locale');
    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      fail(
        415,
        tr(locale, {
          ru: 'Ожидалась форма с файлом (multipart/form-data).',
          en: 'Expected a multipart/form-data body.',
        }),
      );
    }
    const form = await c.req
      .parseBody()
      .catch(() => fail(400, tr(locale, { ru: 'Некорректная форма.', en: 'Malformed form data.' })));
    const { verification: key, file } = validate(uploadForm, form, locale);
    const row = await ownVerification(c, key);
    if (!EDITABLE.has(row.status)) notEditable(c);
    const image = await cleanUpload(c, file);
    const outcome = await addCardPhoto(c.get('db'), currentUserId(c), row.id, [...EDITABLE], image);
    if (outcome === 'not_editable') notEditable(c);
    if (outcome === 'too_many') {
      fieldErrors({
        file: [
          format(
            tr(locale, { ru: 'Можно загрузить не больше {n} фотографий.', en: 'At most {n} photos can be uploaded.' }),
            { n: MAX_PHOTOS_PER_VERIFICATION },
          ),
        ],
      });
    }
    if (outcome === 'too_many_for_user') {
      fieldErrors({
        file: [
          format(
            tr(locale, {
              ru: 'В аккаунте уже {n} фотографий карт: удалите ненужные верификации.',
              en: 'The account already holds {n} card photos: delete the verifications you no longer need.',
            }),
            { n: MAX_PHOTOS_PER_USER },
          ),
        ],
      });
    }
    return c.json({ id: row.id, images: await imageCount(c, row.id) }, 201);
  })
  .post('/confirm/', async (c) => {
    const locale = c.get('locale');
    const body = await jsonBody(c, confirmVerificationRequest);
    const row = await ownVerification(c, body.verification);
    if (!EDITABLE.has(row.status)) notEditable(c);
    if ((await imageCount(c, row.id)) === 0) {
      fail(400, tr(locale, { ru: 'Сначала загрузите фотографию карты.', en: 'Upload a photo of the card first.' }));
    }
    const [updated] = await c
      .get('db')
      .update(verifications)
      .set({ status: 'pending', reason: null, updatedAt: new Date() })
      .where(
        and(
          eq(verifications.id, row.id),
          inArray(verifications.status, [...EDITABLE]),
          exists(
            c
              .get('db')
              .select({ one: sql`1` })
              .from(verificationImages)
              .where(eq(verificationImages.verificationId, row.id)),
          ),
        ),
      )
      .returning();
    if (!updated) notEditable(c);
    const answer: VerificationStatusResponse = { status: updated.status, reason: updated.reason };
    return c.json(answer);
  });
