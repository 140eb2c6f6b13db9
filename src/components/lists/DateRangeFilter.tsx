// From / to date filter of a paged list; each change reloads the list from its first page.
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '../ui/TextInput.tsx';
import type { DateFilters } from '../../../machines/pagedList.ts';

export function DateRangeFilter({ filters, onChange }: { filters: DateFilters; onChange: (filters: Partial<DateFilters>) => void }) {
  const { t } = useLingui();
  return (
    <fieldset className="mb-4 grid grid-cols-2 gap-3 sm:max-w-md">
      <legend className="sr-only">{t`Period`}</legend>
      <TextInput
        type="date"
        label={t`From`}
        value={filters.date_from ?? ''}
        max={filters.date_to ?? undefined}
        onChange={(event) => onChange({ date_from: event.target.value || null })}
      />
      <TextInput
        type="date"
        label={t`To`}
        value={filters.date_to ?? ''}
        min={filters.date_from ?? undefined}
        onChange={(event) => onChange({ date_to: event.target.value || null })}
      />
    </fieldset>
  );
}
