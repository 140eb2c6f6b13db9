// "In force since …" under a policy's title, in the active language's date format.
import { Trans } from '@lingui/react/macro';
import { useLocale } from '../../i18n/useLocale.ts';
import { formatDate } from './formatDate.ts';

export function EffectiveDate({ iso }: { iso: string }) {
  const date = formatDate(iso, useLocale());
  return (
    <p className="mt-2 text-sm text-slate-600">
      <Trans>In force since {date}</Trans>
    </p>
  );
}
