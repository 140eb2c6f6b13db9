// /front-api/auth/: sign-in, silent refresh and sign-out. These calls travel on the refresh cookie, not the bearer
// token, so they use plain ky without the client's refresh-on-401 hook (a failed refresh must not trigger a refresh).
import ky from 'ky';
import { accessResponse, type LoginRequest } from './schemas/user.ts';
import type { Locale } from '../domain/locale.ts';

const auth = ky.create({ prefix: '/front-api/auth/', credentials: 'same-origin', timeout: 20_000, retry: 0 });

/**
 * POST /front-api/auth/login/?locale=&remember= → the access token (the refresh token arrives as an HttpOnly
 * cookie: a lasting one when remembered, a browser-session one otherwise).
 */
export async function login(request: LoginRequest, locale: Locale, remember = true): Promise<string> {
  const body = await auth.post('login/', { json: request, searchParams: { locale, remember: remember ? '1' : '0' } }).json();
  return accessResponse.parse(body).access;
}

/** POST /front-api/auth/refresh/ → a new access token; the refresh cookie is rotated. */
export async function refresh(): Promise<string> {
  const body = await auth.post('refresh/').json();
  return accessResponse.parse(body).access;
}

/** POST /front-api/auth/logout/: revokes the refresh token and clears the cookies. */
export async function logout(locale: Locale): Promise<void> {
  await auth.post('logout/', { searchParams: { locale } });
}
