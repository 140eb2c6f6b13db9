// What the currency picker's two forms share: the one it renders until the visitor reaches for it
// (CurrencyPicker.tsx) and the searchable list it becomes (CurrencyCombobox.tsx) look alike to the pixel.
import type { Currency } from '../../api/schemas/calculator.ts';

export interface CurrencyPickerProps {
  label: string;
  currencies: Currency[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  disabled?: boolean;
  /** Stable hook for tests and the page's own links. */
  name: string;
}

/** What the visitor did to the picker before its list had loaded, done again once it has. */
export interface PickerActivation {
  /** Whether the picker held the focus, so the list takes it over. */
  focus: boolean;
  /** A click, a tap, Enter or an arrow key asked for the list. */
  open: boolean;
  /** A click or a tap asked: the caret stays where the click left it, the name is not selected as a Tab selects it. */
  byPointer: boolean;
  /** Letters typed meanwhile: they become the search. */
  typed: string;
}

export const PICKER_FIELD_CLASS = 'relative flex flex-col gap-1.5';
export const PICKER_LABEL_CLASS = 'text-sm font-medium text-slate-800';
export const PICKER_INPUT_CLASS =
  'block h-12 w-full rounded-lg border border-slate-300 bg-white pr-20 pl-11 text-base font-medium text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none data-disabled:bg-slate-100';
export const PICKER_ICON_CLASS = 'pointer-events-none absolute inset-y-0 left-3 flex items-center';
export const PICKER_NETWORK_CLASS =
  'pointer-events-none absolute inset-y-0 right-10 hidden items-center text-xs font-semibold text-slate-600 sm:flex';
export const PICKER_BUTTON_CLASS =
  'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900';

/** The network beside the name, when it says more than the unit. */
export function shownNetwork(currency: Currency | null): string | null {
  return currency?.network && currency.network !== currency.unit ? currency.network : null;
}

export function ChevronIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
