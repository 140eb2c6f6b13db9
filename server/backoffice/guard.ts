// What every /ops-api/ answer goes through: its language, no-store + noindex, the cross-site refusal, and the
// operator session (all but sign-in).
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../config.ts';
import { fail } from '../http/errors.ts';
import { sessionOperator } from './sessions.ts';
import type { OpsEnv } from './env.ts';
import { isOpsSection, mayChange } from '../../src/domain/operatorRoles.ts';

export const SESSION_COOKIE = 'ops_session';
const COOKIE_PATH = '/ops-api/';
/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 15 * 60;

/** English under /ops-api/en/v1/, Russian under /ops-api/v1/ (the site's /en convention). */
export const opsContext: MiddlewareHandler<OpsEnv> = async (c, next) => {
  c.set('locale', c.req.path.startsWith('/ops-api/en/') ? 'en' : 'ru');
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a changing request another site started: a browser names the initiator in Sec-Fetch-Site and
 * Origin; either one that is not this site is refused. (The cookie is SameSite=Strict too, and every body
 * must be JSON, which a cross-site form cannot send without a preflight.)
 */
export const sameOriginOnly: MiddlewareHandler<OpsEnv> = async (c, next) => {
  if (UNSAFE_METHODS.has(c.req.method)) {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const ownOrigins = [new URL(c.req.url).origin, new URL(c.get('config').publicUrl).origin];
    const crossSite = (site !== undefined && site !== 'same-origin') || (origin !== undefined && !ownOrigins.includes(origin));
    if (crossSite) {
      fail(403, /*i18n*/ { id: 'backoffice.request.crossSite', message: 'Cross-site request refused.' }, 'cross_site');
    }
  }
  await next();
};

export function readSessionCookie(c: Context<OpsEnv>): string | null {
  const value = getCookie(c, SESSION_COOKIE);
  return value && value.length <= 128 ? value : null;
}

export function setSessionCookie(c: Context<OpsEnv>, token: string): void {
  // No Max-Age: the cookie ends with the browser; the server ends the session sooner when idle.
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c.get('config')),
    path: COOKIE_PATH,
  });
}

export function clearSessionCookie(c: Context<OpsEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: isHttps(c.get('config')) });
}

/** 401 unless the request carries a live operator session. */
export const requireOperator: MiddlewareHandler<OpsEnv> = async (c, next) => {
  const token = readSessionCookie(c);
  const operator = token ? await sessionOperator(c.get('db'), token, SESSION_IDLE_SECONDS) : null;
  if (!token || !operator) {
    if (token) clearSessionCookie(c);
    fail(401, /*i18n*/ { id: 'backoffice.session.none', message: 'Sign in as an operator.' }, 'not_authenticated');
  }
  c.set('operator', operator);
  c.set('sessionToken', token);
  await next();
};

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sections with no changing route at all: a change there answers the router's 404, whoever asks. */
const READ_ONLY_SECTIONS = new Set(['audit', 'queue']);

/**
 * The one place where a role is checked (after requireOperator): every role reads; a changing request needs a role
 * that src/domain/operatorRoles.ts lets change the path's section, and a section the table does not name is refused.
 */
export const requireRole: MiddlewareHandler<OpsEnv> = async (c, next) => {
  if (!READING_METHODS.has(c.req.method)) {
    const section = /^\/ops-api\/(?:en\/)?v1\/([^/]+)/.exec(c.req.path)?.[1] ?? '';
    if (READ_ONLY_SECTIONS.has(section)) return next();
    if (!isOpsSection(section) || !mayChange(c.get('operator').role, section)) {
      fail(403, /*i18n*/ { id: 'backoffice.role.forbidden', message: 'Your role does not allow this action.' }, 'role_forbidden');
    }
  }
  await next();
};
