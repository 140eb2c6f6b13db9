// /api/v1/verify/ (the owner's card verifications) and /api/v2/verify/ (photo upload and sending for review).
// HTTP only: each handler parses the request, calls server/accounts/cardVerifications.ts and presents.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  confirmVerificationRequest,
  verificationRequest,
  verificationStatus,
  type VerificationStatusResponse,
} from '../../src/api/schemas/verification.ts';
import { authenticate, currentUserId } from '../http/authenticate.ts';
import { cardFingerprintKey } from '../auth/sharedSecrets.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { verificationDto } from '../http/presenters.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { jsonBody, validate } from '../http/validate.ts';
import {
  addPhoto,
  addVerification,
  changeVerificationCard,
  deleteVerification,
  imageCount,
  ownVerification,
  requireEditable,
  sendForReview,
  verificationPage,
} from './cardVerifications.ts';
import { cleanUpload } from '../http/readUpload.ts';

function own(c: Context<AppEnv>, key: string | number) {
  return ownVerification(c.get('db'), currentUserId(c), key);
}

const listQuery = z.object({ status: z.optional(verificationStatus) });

export const verifyRoutes = new Hono<AppEnv>()
  .use('*', authenticate)
  .get('/', async (c) => {
    const { status } = validate(listQuery, { status: c.req.query('status') });
    const page = readPage(c);
    const { total, rows } = await verificationPage(c.get('db'), currentUserId(c), status, page);
    return c.json(pagedBody(c, page, total, rows.map(({ row, images }) => verificationDto(row, images))));
  })
  .post('/', rateLimit({ name: 'verify-create', capacity: 20, perSecond: 0.1 }), async (c) => {
    const body = await jsonBody(c, verificationRequest);
    const key = await cardFingerprintKey(c.get('db'), c.get('config'));
    const row = await addVerification(c.get('db'), currentUserId(c), body.card, key);
    return c.json(verificationDto(row, 0), 201);
  })
  .get('/inputs/', (c) => {
    const label = translate(c.get('locale'), /*i18n*/ { id: 'accounts.verification.cardLabel', message: 'Card number' });
    return c.json([{ name: 'card', label, check: 'card', required: true }]);
  })
  .get('/:id/', async (c) => {
    const row = await own(c, c.req.param('id'));
    return c.json(verificationDto(row, await imageCount(c.get('db'), row.id)));
  })
  .put('/:id/', async (c) => {
    const row = await own(c, c.req.param('id'));
    const body = await jsonBody(c, verificationRequest);
    const key = await cardFingerprintKey(c.get('db'), c.get('config'));
    const updated = await changeVerificationCard(c.get('db'), row, body.card, key);
    return c.json(verificationDto(updated, await imageCount(c.get('db'), row.id)));
  })
  .delete('/:id/', async (c) => {
    await deleteVerification(c.get('db'), await own(c, c.req.param('id')));
    return c.body(null, 204);
  })
  .get('/:id/status/', async (c) => {
    const row = await own(c, c.req.param('id'));
    const body: VerificationStatusResponse = { status: row.status, reason: row.reason };
    return c.json(body);
  });

const uploadForm = z.strictObject({ verification: z.string().check(z.regex(/^\d{1,9}$/)), file: z.unknown() });

export const verifyV2Routes = new Hono<AppEnv>()
  .use('*', authenticate)
  .post('/upload/', rateLimit({ name: 'verify-upload', capacity: 30, perSecond: 0.2 }), async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      fail(415, /*i18n*/ { id: 'accounts.verification.uploadNotMultipart', message: 'Expected a multipart/form-data body.' });
    }
    const form = await c.req
      .parseBody()
      .catch(() => fail(400, /*i18n*/ { id: 'accounts.verification.uploadMalformed', message: 'Malformed form data.' }));
    const { verification: key, file } = validate(uploadForm, form);
    const row = await own(c, key);
    // Refused before the image is read and re-encoded; checked again under the lock when it is stored.
    requireEditable(row);
    const images = await addPhoto(c.get('db'), row, await cleanUpload(file));
    return c.json({ id: row.id, images }, 201);
  })
  .post('/confirm/', async (c) => {
    const body = await jsonBody(c, confirmVerificationRequest);
    const row = await own(c, body.verification);
    const updated = await sendForReview(c.get('db'), row);
    const answer: VerificationStatusResponse = { status: updated.status, reason: updated.reason };
    return c.json(answer);
  });
