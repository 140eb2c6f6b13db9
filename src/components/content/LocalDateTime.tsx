// A moment in the reader's time zone, labelled with it. The server cannot know that zone, so a page it renders, and
// the browser's hydrating render that must equal it, show the exchanger's own (Moscow) time, labelled МСК/MSK; the
// reader's zone and its label follow at once.
import { formatDateTimeInZone } from '../account/format.ts';
import { EXCHANGER_TIME_ZONE } from './formatDate.ts';
import { useHydrated } from '../hydration.tsx';
import type { Locale } from '../../i18n/locales.ts';

export function LocalDateTime({ iso, locale, className }: { iso: string; locale: Locale; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {formatDateTimeInZone(iso, locale, hydrated ? undefined : EXCHANGER_TIME_ZONE)}
    </time>
  );
}
