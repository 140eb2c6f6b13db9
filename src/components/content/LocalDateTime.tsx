// A moment in the reader's time zone. The server cannot know that zone, so a page it renders, and the browser's
// hydrating render that must equal it, show the exchanger's own (Moscow) time; the reader's zone follows at once.
import { formatDateTime } from '../account/format.ts';
import { EXCHANGER_TIME_ZONE } from './formatDate.ts';
import { useHydrated } from '../hydration.tsx';
import type { Locale } from '../../i18n/locales.ts';

export function LocalDateTime({ iso, locale, className }: { iso: string; locale: Locale; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {formatDateTime(iso, locale, hydrated ? undefined : EXCHANGER_TIME_ZONE)}
    </time>
  );
}
