// The partner's referral code arrives as `?ref=` and is remembered for 30 days in the `ref` cookie, so a claim
// created on a later visit still credits the partner.
export const REF_COOKIE = 'ref';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function readRefCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REF_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return CODE_PATTERN.test(value) ? value : null;
  }
  return null;
}

export function refCookieValue(code: string): string {
  return `${REF_COOKIE}=${encodeURIComponent(code)}; Max-Age=${THIRTY_DAYS_SECONDS}; Path=/; SameSite=Lax`;
}

/** The code of `?ref=` when it is well-formed, else the remembered one. */
export function referralCode(search: string, cookie: string): string | null {
  const fromUrl = new URLSearchParams(search).get('ref');
  if (fromUrl && CODE_PATTERN.test(fromUrl)) return fromUrl;
  return readRefCookie(cookie);
}

/** The referral code of this visit; a server rendering knows only the address's `?ref=`, not the browser's cookie. */
export function currentReferral(search: string): string | null {
  return referralCode(search, typeof document === 'undefined' ? '' : document.cookie);
}

/** Remembers a code that came in the URL. */
export function rememberReferral(search: string, doc: Document = document): void {
  const fromUrl = new URLSearchParams(search).get('ref');
  if (fromUrl && CODE_PATTERN.test(fromUrl)) doc.cookie = refCookieValue(fromUrl);
}
