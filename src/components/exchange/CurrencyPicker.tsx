// Choosing a currency: a searchable list (Headless UI Combobox: arrows, Enter, Escape, type to filter) showing
// each currency's icon, name and network.
import { useRef, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Currency } from '../../api/schemas/calculator.ts';
import { CurrencyIcon } from './CurrencyIcon.tsx';

export interface CurrencyPickerProps {
  label: string;
  currencies: Currency[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  disabled?: boolean;
  /** Stable hook for tests and the page's own links. */
  name: string;
}

function matches(currency: Currency, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [currency.name, currency.code, currency.unit, currency.network ?? ''].some((text) => text.toLowerCase().includes(needle));
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="9" cy="9" r="5.5" />
      <path d="m13.5 13.5 3.5 3.5" strokeLinecap="round" />
    </svg>
  );
}

export function CurrencyPicker({ label, currencies, selectedId, onSelect, disabled = false, name }: CurrencyPickerProps) {
  const { t } = useLingui();
  // Purely visual: the search text typed into the picker.
  const [query, setQuery] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const selected = currencies.find((currency) => currency.id === selectedId) ?? null;
  const shown = currencies.filter((currency) => matches(currency, query));

  return (
    <Field disabled={disabled} className="relative flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Combobox
        value={selected}
        by="id"
        onChange={(currency: Currency | null) => currency && onSelect(currency.id)}
        onClose={() => setQuery('')}
      >
        {/* The list opens on a click, typing or ArrowDown, not when Tab merely passes through the field. */}
        <div className="relative">
          {query !== '' ? (
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
              <SearchIcon />
            </span>
          ) : (
            selected && (
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center">
                <CurrencyIcon icon={selected.icon} className="size-6" />
              </span>
            )
          )}
          <ComboboxInput
            name={name}
            autoComplete="off"
            onClick={(event) => {
              if (event.currentTarget.getAttribute('aria-expanded') !== 'true') toggle.current?.click();
            }}
            className="block h-12 w-full rounded-lg border border-slate-300 bg-white pr-20 pl-11 text-base font-medium text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none data-disabled:bg-slate-100"
            displayValue={(currency: Currency | null) => currency?.name ?? ''}
            onChange={(event) => setQuery(event.target.value)}
          />
          {selected?.network && selected.network !== selected.unit && (
            <span className="pointer-events-none absolute inset-y-0 right-10 hidden items-center text-xs font-semibold text-slate-600 sm:flex">
              {selected.network}
            </span>
          )}
          <ComboboxButton ref={toggle} aria-label={t`Show all: ${label}`} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900">
            <ChevronIcon />
          </ComboboxButton>
        </div>
        {/* Not modal: the rest of the form stays usable (and Tab moves on) while the list is open. Not anchored:
            it always opens below the field and scrolls with the page, never upward over the header. */}
        <ComboboxOptions
          modal={false}
          className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 min-w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl empty:invisible focus:outline-none"
        >
          {shown.length === 0 && (
            <div className="px-3 py-2 text-sm text-slate-600">
              <Trans>Nothing found</Trans>
            </div>
          )}
          {shown.map((currency) => (
            <ComboboxOption
              key={currency.id}
              value={currency}
              className="group flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-slate-900 data-focus:bg-brand-400/15 data-selected:font-semibold"
            >
              <CurrencyIcon icon={currency.icon} className="size-6" />
              <span className="flex-1 truncate">{currency.name}</span>
              {currency.network && <span className="text-xs font-medium text-slate-600">{currency.network}</span>}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
