import { describe, expect, it } from 'vitest';
import { readRefCookie, referralCode, refCookieValue, rememberReferral } from '../../../src/pages/home/referralCookie.ts';

describe('referral cookie', () => {
  it('prefers a well-formed ?ref= and falls back to the remembered code', () => {
    expect(referralCode('?ref=PARTNER1', 'ref=OLD')).toBe('PARTNER1');
    expect(referralCode('?ref=<script>', 'lang=ru; ref=OLD')).toBe('OLD');
    expect(referralCode('', 'lang=ru')).toBeNull();
  });

  it('remembers the code for 30 days on the whole site', () => {
    expect(refCookieValue('PARTNER1')).toBe('ref=PARTNER1; Max-Age=2592000; Path=/; SameSite=Lax');
    rememberReferral('?ref=PARTNER2');
    expect(readRefCookie(document.cookie)).toBe('PARTNER2');
  });
});
