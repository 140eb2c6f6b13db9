// Times say their zone: the claim page's history and rate receipt show the exchanger's Moscow time
// as МСК/MSK until the page has hydrated, then the reader's own zone, labelled too.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { formatDateTimeInZone, zoneLabel } from '../../../src/components/account/format.ts';
import { LocalDateTime } from '../../../src/components/content/LocalDateTime.tsx';
import { renderWithI18n } from '../render.tsx';

const AT = '2026-11-26T23:18:00Z';

describe('formatDateTimeInZone', () => {
  it('labels Moscow time МСК in Russian and MSK in English', () => {
    expect(formatDateTimeInZone(AT, 'ru', 'Europe/Moscow')).toBe('27 нояб. 2026 г., 02:18\u00a0МСК');
    expect(formatDateTimeInZone(AT, 'en', 'Europe/Moscow')).toBe('Nov 27, 2026, 2:18 AM\u00a0MSK');
  });

  it('labels any other zone by its short name', () => {
    expect(formatDateTimeInZone(AT, 'ru', 'Asia/Tokyo')).toBe('27 нояб. 2026 г., 08:18\u00a0GMT+9');
    expect(formatDateTimeInZone(AT, 'en', 'UTC')).toBe('Nov 26, 2026, 11:18 PM\u00a0UTC');
    expect(zoneLabel('en', 'Asia/Tokyo')).toBe('GMT+9');
  });
});

describe('LocalDateTime', () => {
  for (const locale of ['ru', 'en'] as const) {
    it(`shows the reader's zone with its label once hydrated (${locale})`, () => {
      renderWithI18n(<LocalDateTime iso={AT} locale={locale} />, { locale });
      const time = screen.getByText((_, element) => element?.tagName === 'TIME');
      expect(time).toHaveAttribute('datetime', AT);
      expect(time.textContent).toBe(formatDateTimeInZone(AT, locale));
      expect(time.textContent).toMatch(new RegExp(`\u00a0${zoneLabel(locale)}$`));
    });
  }
});
