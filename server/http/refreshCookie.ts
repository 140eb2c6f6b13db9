// The refresh token lives only in an HttpOnly cookie scoped to /front-api/auth; a readable `logged_in`
// marker tells the browser a refresh is worth trying (it cannot see the HttpOnly cookie itself).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../config.ts';
import type { AppEnv } from './env.ts';
import type { IssuedRefresh } from '../auth/refreshTokens.ts';

export const REFRESH_COOKIE = 'refresh';
export const LOGGED_IN_COOKIE = 'logged_in';
const REFRESH_PATH = '/front-api/auth';

export function readRefreshCookie(c: Context<AppEnv>): string | null {
  const value = getCookie(c, REFRESH_COOKIE);
  return value && value.length <= 128 ? value : null;
}

/**
 * A remembered session's cookies last until the session's absolute end; otherwise they are browser-session
 * cookies (no Max-Age), gone when the browser closes.
 */
export function setSessionCookies(c: Context<AppEnv>, refresh: IssuedRefresh): void {
  const secure = isHttps(c.get('config'));
  const remaining = Math.floor((refresh.sessionExpiresAt.getTime() - Date.now()) / 1000);
  const maxAge = refresh.persistent ? { maxAge: Math.max(0, remaining) } : {};
  setCookie(c, REFRESH_COOKIE, refresh.token, { httpOnly: true, sameSite: 'Lax', secure, path: REFRESH_PATH, ...maxAge });
  setCookie(c, LOGGED_IN_COOKIE, '1', { sameSite: 'Lax', secure, path: '/', ...maxAge });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  const secure = isHttps(c.get('config'));
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure, httpOnly: true, sameSite: 'Lax' });
  deleteCookie(c, LOGGED_IN_COOKIE, { path: '/', secure, sameSite: 'Lax' });
}
