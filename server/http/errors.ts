// Errors in the wire's shape (docs/architecture.md, "The wire"), the one place that answers them: routes and middleware
// throw HttpError (what HTTP itself refuses: a malformed body, a missing token, too many requests), services throw
// DomainError (what a business rule refuses); onError turns both into JSON and never leaks a stack.
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../db/unreachable.ts';
import { DomainError, type ErrorBody, type Message, type RefusalKind } from '../shared/errors.ts';
import type { AppEnv } from './env.ts';
import { translate, translateBody } from '../i18n/translate.ts';
import { log } from '../log.ts';

export type { ErrorBody };

/** The status each kind of domain refusal answers with. */
const REFUSAL_STATUS: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  unavailable: 503,
  throttled: 429,
};

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, body: ErrorBody, headers: Record<string, string> = {}) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Throws `{detail, code?}` with the status. */
export function fail(status: ContentfulStatusCode, detail: Message, code?: string): never {
  throw new HttpError(status, code ? { detail, code } : { detail });
}

/** Throws a 400 with field errors `{field: ["message"]}` (values may nest for requisites). */
export function fieldErrors(errors: ErrorBody): never {
  throw new HttpError(400, errors);
}

export const onError: ErrorHandler<AppEnv> = (error, c) => {
  const locale = c.get('locale') ?? 'ru';
  if (error instanceof HttpError) return c.json(translateBody(locale, error.body), error.status, error.headers);
  if (error instanceof DomainError) {
    const wait = error.retryAfterSeconds;
    const headers: Record<string, string> = wait === undefined ? {} : { 'Retry-After': String(wait) };
    return c.json(translateBody(locale, error.body), REFUSAL_STATUS[error.kind], headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    if (status === 413)
      return c.json({ detail: translate(locale, /*i18n*/ { id: 'http.body.tooLarge', message: 'Request body is too large.' }) }, 413);
    return c.json({ detail: error.message || translate(locale, /*i18n*/ { id: 'http.badRequest', message: 'Bad request.' }) }, status);
  }
  if (isDatabaseUnreachable(error)) {
    log.warn(`${c.req.method} ${c.req.path}: database unreachable (${error.message})`);
    return c.json(
      {
        detail: translate(locale, /*i18n*/ {
          id: 'http.database.unreachable',
          message: 'The service is temporarily unavailable. Please retry in a few seconds.',
        }),
      },
      503,
      { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  log.error(`${c.req.method} ${c.req.path} failed`, error);
  return c.json({ detail: translate(locale, /*i18n*/ { id: 'http.internal', message: 'Internal server error.' }) }, 500);
};

export function notFoundBody(c: Context<AppEnv>) {
  return { detail: translate(c.get('locale') ?? 'ru', /*i18n*/ { id: 'http.notFound', message: 'Not found.' }) };
}

/** Unknown API paths answer JSON; everything else is the SPA's business (see static.ts). */
export const notFound: NotFoundHandler<AppEnv> = (c) => c.json(notFoundBody(c), 404);
