// The analytics and chat scripts are never handed a page address carrying a secret.
import { describe, expect, it } from 'vitest';
import { publicPageUrl } from '../../../src/thirdParty/publicPageUrl.ts';

describe('publicPageUrl', () => {
  it('keeps only the page of a claim and of an activation, in both languages', () => {
    expect(publicPageUrl('https://ex.test/claim/5b1c3a9e-1111-4222-8333-444455556666')).toBe('https://ex.test/claim/');
    expect(publicPageUrl('https://ex.test/en/claim/5b1c3a9e-1111-4222-8333-444455556666?x=1#pay')).toBe('https://ex.test/en/claim/');
    expect(publicPageUrl('https://ex.test/activate/abc.def-123')).toBe('https://ex.test/activate/');
    expect(publicPageUrl('https://ex.test/en/activate/abc.def-123/')).toBe('https://ex.test/en/activate/');
  });

  it('drops the whole query: a password-reset token goes, with whatever else a mailed link carried', () => {
    expect(publicPageUrl('https://ex.test/recover?token=s3cr3t')).toBe('https://ex.test/recover');
    expect(publicPageUrl('https://ex.test/en/recover?uid=7&token=s3cr3t&utm_source=mail')).toBe('https://ex.test/en/recover');
    expect(publicPageUrl('https://ex.test/rules?utm_campaign=x')).toBe('https://ex.test/rules');
  });

  it('leaves the paths without secrets as they are', () => {
    expect(publicPageUrl('https://ex.test/claim/success')).toBe('https://ex.test/claim/success');
    expect(publicPageUrl('https://ex.test/en/news/holiday-schedule')).toBe('https://ex.test/en/news/holiday-schedule');
  });
});
