// The digests the console's search by requisite compares: what an operator types matches what the client gave,
// whatever its case and spaces, and nothing else; another key gives other digests.
import { describe, expect, it } from 'vitest';
import { requisiteDigest, requisiteDigests } from '../../server/claims/requisiteDigests.ts';

const KEY = 'a-search-key-of-this-test';

describe('requisite digests', () => {
  it('match a value typed with other case and spaces, and no other value', () => {
    const stored = requisiteDigests(KEY, { card: '4276380012345679', name: 'Ivan Petrov' }, { address: 'bc1qExample' });
    expect(stored).toContain(requisiteDigest(KEY, '4276 3800 1234 5679'));
    expect(stored).toContain(requisiteDigest(KEY, ' ivan petrov '));
    expect(stored).toContain(requisiteDigest(KEY, 'BC1QEXAMPLE'));
    expect(stored).not.toContain(requisiteDigest(KEY, '4276380012345687'));
    expect(requisiteDigest('another-key', 'bc1qexample')).not.toBe(requisiteDigest(KEY, 'bc1qexample'));
  });

  it('keep each value once and nothing for empty ones', () => {
    expect(requisiteDigests(KEY, { card: '4276380012345679' }, { card: '4276 3800 1234 5679', comment: ' ' })).toHaveLength(1);
    expect(requisiteDigest(KEY, '   ')).toBeNull();
  });
});
