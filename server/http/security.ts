// Security headers: nosniff (and HSTS under https) on every answer, the document policies on HTML documents only.
import type { MiddlewareHandler } from 'hono';
import { isHttps, type Config } from '../config.ts';
import type { AppEnv } from './env.ts';
import { APP_LOADER_CSP_SOURCE } from './appLoader.ts';

/**
 * Content Security Policy: own origin, plus the captcha, chat and analytics providers the app loads, and the one
 * inline script every page carries (the app's loader, by its hash).
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' ${APP_LOADER_CSP_SOURCE} https://smartcaptcha.yandexcloud.net https://mc.yandex.ru https://mc.yandex.com https://yastatic.net https://code.jivosite.com https://*.jivosite.com`,
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

/**
 * The console's policy: its own origin and nothing else, so neither a chat, analytics or captcha script nor anything
 * they pull in ever runs beside an operator's session; never framed.
 */
const OPS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The console's pages and its API (receipts and card photos included). */
export function isConsolePath(path: string): boolean {
  return path === '/ops' || path.startsWith('/ops/') || path.startsWith('/ops-api/');
}

/** Whether an answer is a document a browser renders (where CSP, framing and the other policies apply). */
function isDocument(headers: Headers): boolean {
  return /^text\/html\b/i.test(headers.get('Content-Type') ?? '');
}

/** The policies of a document of the site (the console's carry OPS_CSP instead). */
function documentPolicies(csp: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

const SITE_DOCUMENT_POLICIES = documentPolicies(CSP);
const CONSOLE_DOCUMENT_POLICIES = documentPolicies(OPS_CSP);
const PLAIN = { 'X-Content-Type-Options': 'nosniff' };
const UNDER_HTTPS = { ...PLAIN, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };

/** What every answer carries: no type sniffing (a script or JSON is never taken for something else); HSTS under https. */
function everyAnswer(config: Config): Readonly<Record<string, string>> {
  return isHttps(config) ? UNDER_HTTPS : PLAIN;
}

/** Every security header of a page of the site (not the console's): what the middleware below adds to one. */
export function sitePageSecurityHeaders(config: Config): Readonly<Record<string, string>> {
  return { ...everyAnswer(config), ...SITE_DOCUMENT_POLICIES };
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(everyAnswer(c.get('config')))) headers.set(name, value);
  // The console's every answer carries its own policy (an image opened from its API is a document too).
  const onConsole = isConsolePath(c.req.path);
  // The policies act on documents only: on scripts, styles, images and JSON they are ~1.2 kB of nothing per answer.
  if (!onConsole && !isDocument(headers)) return;
  for (const [name, value] of Object.entries(onConsole ? CONSOLE_DOCUMENT_POLICIES : SITE_DOCUMENT_POLICIES)) headers.set(name, value);
};
