// Finding 6 of issue 24: the analytics counter is never handed a page address carrying a secret.
import { describe, expect, it } from 'vitest';
import { publicPageUrl } from '../../../src/thirdParty/publicPageUrl.ts';

describe('publicPageUrl', () => {
  it('replaces a claim uuid and an activation token by placeholders, in both languages', () => {
    expect(publicPageUrl('https://ex.test/claim/5b1c3a9e-1111-4222-8333-444455556666')).toBe('https://ex.test/claim/:uuid');
    expect(publicPageUrl('https://ex.test/en/claim/5b1c3a9e-1111-4222-8333-444455556666#pay')).toBe('https://ex.test/en/claim/:uuid');
    expect(publicPageUrl('https://ex.test/activate/abc.def-123')).toBe('https://ex.test/activate/:token');
    expect(publicPageUrl('https://ex.test/en/activate/abc.def-123/')).toBe('https://ex.test/en/activate/:token/');
  });

  it('drops a password-reset token from the query and keeps the other parameters', () => {
    expect(publicPageUrl('https://ex.test/recover?token=s3cr3t')).toBe('https://ex.test/recover');
    expect(publicPageUrl('https://ex.test/en/recover?uid=7&token=s3cr3t&utm_source=mail')).toBe(
      'https://ex.test/en/recover?utm_source=mail',
    );
  });

  it('leaves the pages without secrets as they are', () => {
    expect(publicPageUrl('https://ex.test/claim/success')).toBe('https://ex.test/claim/success');
    expect(publicPageUrl('https://ex.test/rules?utm_campaign=x')).toBe('https://ex.test/rules?utm_campaign=x');
  });
});
