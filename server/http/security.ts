// Security headers on every response; HSTS only when the public URL is https.
import type { MiddlewareHandler } from 'hono';
import { isHttps } from '../config.ts';
import type { AppEnv } from './env.ts';

/** Content Security Policy: own origin, plus the captcha, chat and analytics providers the app loads. */
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://smartcaptcha.yandexcloud.net https://mc.yandex.ru https://mc.yandex.com https://yastatic.net https://code.jivosite.com https://*.jivosite.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://mc.yandex.ru https://mc.yandex.com https://*.jivosite.com",
  "font-src 'self' data:",
  "connect-src 'self' https://mc.yandex.ru https://mc.yandex.com https://smartcaptcha.yandexcloud.net wss://*.jivosite.com https://*.jivosite.com",
  'frame-src https://smartcaptcha.yandexcloud.net https://*.jivosite.com https://mc.yandex.ru https://mc.yandex.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('Content-Security-Policy', CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (isHttps(c.get('config'))) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
};
