// The currency picker once the visitor reaches for it: a searchable list (Headless UI Combobox: arrows, Enter,
// Escape, type to filter) showing each currency's icon, name and network. Loaded on the first pointer, touch or
// focus on the picker (CurrencyPicker.tsx), so the home hydrates without Headless UI and its floating and virtual
// list code; it repeats what the visitor did meanwhile (the click, the key, the letters typed).
import { useEffect, useRef, useState } from 'react';
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Currency } from '../../api/schemas/calculator.ts';
import { CurrencyIcon } from './CurrencyIcon.tsx';
import {
  ChevronIcon,
  PICKER_BUTTON_CLASS,
  PICKER_FIELD_CLASS,
  PICKER_ICON_CLASS,
  PICKER_INPUT_CLASS,
  PICKER_LABEL_CLASS,
  PICKER_NETWORK_CLASS,
  shownNetwork,
  type CurrencyPickerProps,
  type PickerActivation,
} from './currencyPickerParts.tsx';

function matches(currency: Currency, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [currency.name, currency.code, currency.unit, currency.network ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
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

/** Types text into a React-controlled input as the visitor would: its change handler sees an input event. */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function CurrencyCombobox({
  label,
  currencies,
  selectedId,
  onSelect,
  disabled = false,
  name,
  activation = { focus: false, open: false, typed: '', byPointer: false },
}: CurrencyPickerProps & { activation?: PickerActivation }) {
  const { t } = useLingui();
  // Purely visual: the search text typed into the picker.
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const selected = currencies.find((currency) => currency.id === selectedId) ?? null;
  const shown = currencies.filter((currency) => matches(currency, query));
  const network = shownNetwork(selected);

  // Once, as it replaces the plain picker: take over the focus, the search typed and the list asked for.
  const replayed = useRef(false);
  useEffect(() => {
    const field = input.current;
    if (replayed.current || !field) return;
    replayed.current = true;
    if (activation.focus || activation.open) {
      field.focus();
      // As a Tab into a text field does: what is typed next replaces the name and searches.
      if (!activation.byPointer) field.select();
    }
    if (activation.typed !== '') typeInto(field, activation.typed);
    else if (activation.open && field.getAttribute('aria-expanded') !== 'true') toggle.current?.click();
  }, [activation]);

  return (
    <Field disabled={disabled} className={PICKER_FIELD_CLASS}>
      <Label className={PICKER_LABEL_CLASS}>{label}</Label>
      <Combobox
        value={selected}
        by="id"
        onChange={(currency: Currency | null) => currency && onSelect(currency.id)}
        onClose={() => setQuery('')}
      >
        {/* The list opens on a click, typing, Enter or ArrowDown, not when Tab merely passes through the field. */}
        <div className="relative">
          {query !== '' ? (
            <span className={`${PICKER_ICON_CLASS} text-slate-500`}>
              <SearchIcon />
            </span>
          ) : (
            selected && (
              <span className={PICKER_ICON_CLASS}>
                <CurrencyIcon icon={selected.icon} className="size-6" />
              </span>
            )
          )}
          <ComboboxInput
            ref={input}
            name={name}
            autoComplete="off"
            onClick={(event) => {
              if (event.currentTarget.getAttribute('aria-expanded') !== 'true') toggle.current?.click();
            }}
            onKeyDown={(event) => {
              // Enter on the closed field opens the list, as ArrowDown does, instead of sending the form.
              if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-expanded') === 'true') return;
              event.preventDefault();
              toggle.current?.click();
            }}
            className={PICKER_INPUT_CLASS}
            displayValue={(currency: Currency | null) => currency?.name ?? ''}
            onChange={(event) => setQuery(event.target.value)}
          />
          {network && <span className={PICKER_NETWORK_CLASS}>{network}</span>}
          <ComboboxButton ref={toggle} aria-label={t`Show all: ${label}`} className={PICKER_BUTTON_CLASS}>
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
