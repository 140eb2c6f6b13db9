// Caps request bodies: small for JSON, larger for multipart uploads (receipts, card photos).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../../src/api/schemas/verification.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { tr } from './i18n.ts';

export const JSON_BODY_LIMIT = 64 * 1024;
/** An image plus the multipart envelope. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

function limited(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      throw new HttpError(413, {
        detail: tr(c.get('locale'), { ru: 'Слишком большой запрос.', en: 'Request body is too large.' }),
      });
    },
  });
}

const json = limited(JSON_BODY_LIMIT);
const upload = limited(UPLOAD_BODY_LIMIT);

export const requestBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type') ?? '';
  return type.toLowerCase().startsWith('multipart/') ? upload(c, next) : json(c, next);
};
