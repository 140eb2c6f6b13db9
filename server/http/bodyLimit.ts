// Caps request bodies: small for JSON, larger for multipart uploads (receipts, card photos).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

export const JSON_BODY_LIMIT = 64 * 1024;
/** An image plus the multipart envelope. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

function tooLarge(): never {
  throw new HttpError(413, { detail: /*i18n*/ { id: 'http.body.tooLarge', message: 'Request body is too large.' } });
}

function limited(maxSize: number): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    // A declared length is judged from the header alone (Node's parser delivers exactly that many bytes).
    // Not touching `c.req.raw.body` here keeps the Node adapter's direct body read: building a web Request
    // and stream for every POST cost a good part of a claim's CPU time.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? tooLarge() : next();
    }
    return streamed(c, next);
  };
}

const json = limited(JSON_BODY_LIMIT);
const upload = limited(UPLOAD_BODY_LIMIT);

export const requestBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type') ?? '';
  return type.toLowerCase().startsWith('multipart/') ? upload(c, next) : json(c, next);
};
