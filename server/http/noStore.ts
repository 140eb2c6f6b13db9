// Answers that carry a token or personal data must not be kept by the browser or any cache on the way:
// the auth calls, the account and its verifications, claims (their uuid is the key to them), and anything
// asked with a bearer token. Public answers (catalogue, news, export) keep their own caching.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

const PRIVATE_PATH = /^(\/en)?\/(front-api\/auth|api\/v1\/users|api\/v[12]\/verify|api\/v1\/claim)(\/|$)/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

export const noStoreForPrivate: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (isPrivatePath(c.req.path) || c.req.header('authorization') !== undefined) {
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('Pragma', 'no-cache');
  }
};
