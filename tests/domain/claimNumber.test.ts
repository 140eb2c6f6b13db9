// The claim's short number (src/domain/claimNumber.ts): what mails, its page and payment comments show.
import { describe, expect, it } from 'vitest';
import { claimNumber } from '../../src/domain/claimNumber.ts';

describe('claimNumber', () => {
  it("is the uuid's first eight characters, upper-cased", () => {
    expect(claimNumber('3f2a9c01-7b4e-4d2a-9f00-1c2b3d4e5f60')).toBe('3F2A9C01');
  });

  it('keeps digits and already upper-case letters as they are', () => {
    expect(claimNumber('0123ABCD-ffff-4000-8000-000000000000')).toBe('0123ABCD');
  });
});
