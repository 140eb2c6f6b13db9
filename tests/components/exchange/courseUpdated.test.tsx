// The course line tells when the course was last set (operator or market formula), in Moscow time in both
// languages, so the server-rendered page and the browser agree whatever the visitor's zone.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseLine, courseTime } from '../../../src/components/exchange/CourseLine.tsx';
import { renderWithI18n } from '../render.tsx';

const side = { from: { unit: 'BTC', decimals: 8 }, to: { unit: 'RUB', decimals: 2 } };

describe('course update time', () => {
  it('reads the same Moscow time in any zone', () => {
    expect(courseTime('2026-11-22T18:08:00Z', 'ru-RU')).toBe('22.11, 21:08');
    expect(courseTime('2026-11-22T23:30:00Z', 'en-US')).toBe('11/23, 02:30 AM');
  });

  it('reads as Intl reads Moscow time at every hour, midnight and noon included, across a year end', () => {
    const intl = (locale: string) =>
      new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });
    for (let hour = 0; hour < 24; hour++) {
      const moment = new Date(Date.UTC(2026, 11, 31, hour, 7));
      for (const locale of ['ru-RU', 'en-US']) expect(courseTime(moment.toISOString(), locale)).toBe(intl(locale).format(moment));
    }
  });

  it('is shown under the course in Russian and in English', () => {
    const { unmount } = renderWithI18n(
      <CourseLine course="9000000" {...side} locale="ru-RU" updatedAt="2026-11-22T18:08:00.000Z" />,
      { locale: 'ru' },
    );
    expect(screen.getByTestId('course-updated').textContent).toBe('обновлён 22.11, 21:08 МСК');
    expect(screen.getByText('22.11, 21:08').getAttribute('datetime')).toBe('2026-11-22T18:08:00.000Z');
    unmount();
    renderWithI18n(<CourseLine course="9000000" {...side} locale="en-US" updatedAt="2026-11-22T18:08:00.000Z" />);
    expect(screen.getByTestId('course-updated').textContent).toBe('updated 11/22, 09:08 PM Moscow time');
  });

  it('is left out when the answer carries no time', () => {
    renderWithI18n(<CourseLine course="9000000" {...side} locale="ru-RU" />, { locale: 'ru' });
    expect(screen.queryByTestId('course-updated')).toBeNull();
  });
});
