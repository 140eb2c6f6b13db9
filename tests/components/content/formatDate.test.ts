// Content dates are the exchanger's calendar days (Moscow), whatever zone the server or the reader is in, so a
// server-rendered date hydrates unchanged; a bare calendar day is that day everywhere.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/components/content/formatDate.ts';

describe('formatDate', () => {
  it('dates a moment by the Moscow calendar: 21:00 UTC on 31 October is 1 November', () => {
    expect(formatDate('2026-10-31T21:00:00.000Z', 'ru')).toBe('1 ноября 2026 г.');
    expect(formatDate('2026-10-31T21:00:00.000Z', 'en')).toBe('November 1, 2026');
    expect(formatDate('2026-10-31T20:59:59.000Z', 'en')).toBe('October 31, 2026');
  });

  it('keeps a bare calendar day as it is', () => {
    expect(formatDate('2026-11-01', 'ru')).toBe('1 ноября 2026 г.');
    expect(formatDate('2026-12-31', 'en')).toBe('December 31, 2026');
  });
});
