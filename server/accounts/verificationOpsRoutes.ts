// /ops-api/v1/verifications/: card verifications by status, their photos, approve / reject with a reason.
import { Hono } from 'hono';
import { opsReasonRequest, opsVerificationsQuery, type OpsVerification } from '../../src/api/schemas/ops.ts';
import { decideVerification } from './verificationReview.ts';
import { fail } from '../http/errors.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { jsonBody, validate } from '../http/validate.ts';
import { verificationByUuid, verificationQueue } from './verificationQueue.ts';
import { VERIFICATION_NOT_FOUND } from './cardVerifications.ts';
import { readCardPhoto } from './cardPhotos.ts';
import type { OpsEnv } from '../backoffice/env.ts';
import { cardPhotoPath, imageResponse } from '../backoffice/images.ts';

export const opsVerificationRoutes = new Hono<OpsEnv>();

function notFound(): never {
  fail(404, VERIFICATION_NOT_FOUND);
}

function alreadyDecided(): never {
  fail(409, /*i18n*/ { id: 'accounts.verification.alreadyDecided', message: 'This verification was already decided.' }, 'already_decided');
}

opsVerificationRoutes.get('/', async (c) => {
  const query = validate(opsVerificationsQuery, c.req.query());
  const page = readPage(c);
  const { count, rows } = await verificationQueue(c.get('db'), query.status ?? 'pending', page);
  const results: OpsVerification[] = rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    email: row.email,
    cardMasked: row.cardMasked,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    imageUrls: row.imageIds.map((id) => cardPhotoPath(c, row.uuid, id)),
  }));
  return c.json(pagedBody(c, page, count, results));
});

opsVerificationRoutes.get('/:uuid/photos/:imageId{[0-9]{1,9}}/', async (c) => {
  const verification = await verificationByUuid(c.get('db'), c.req.param('uuid'));
  if (!verification) notFound();
  const photo = await readCardPhoto(c.get('db'), Number(c.req.param('imageId')));
  if (!photo || photo.verificationId !== verification.id) notFound();
  return imageResponse(c, photo);
});

opsVerificationRoutes.post('/:uuid/approve/', async (c) => {
  const verification = await verificationByUuid(c.get('db'), c.req.param('uuid'));
  if (!verification) notFound();
  const done = await decideVerification(c.get('db'), c.get('operator'), verification.id, { decision: 'approve' });
  if (!done) alreadyDecided();
  return c.json({ status: 'approved' });
});

opsVerificationRoutes.post('/:uuid/reject/', async (c) => {
  const body = await jsonBody(c, opsReasonRequest);
  const verification = await verificationByUuid(c.get('db'), c.req.param('uuid'));
  if (!verification) notFound();
  const done = await decideVerification(c.get('db'), c.get('operator'), verification.id, { decision: 'reject', reason: body.reason });
  if (!done) alreadyDecided();
  return c.json({ status: 'rejected' });
});
