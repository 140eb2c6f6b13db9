// Choosing a currency. The page arrives with the picker as plain markup (the chosen currency in a read-only
// combobox field and its button, looking exactly like the list it becomes) and hydrates without the list's code:
// Headless UI's Combobox with its floating and virtual-list helpers is a third of the home's JavaScript. The first
// pointer, touch or focus on the picker loads it (CurrencyCombobox.tsx), which then takes over the focus and repeats
// the click, Enter, arrow key or letters that came before it had loaded.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CurrencyCombobox as LoadedCombobox } from './CurrencyCombobox.tsx';
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

export type { CurrencyPickerProps } from './currencyPickerParts.tsx';

type CurrencyCombobox = typeof LoadedCombobox;

let loadedCombobox: CurrencyCombobox | null = null;
let loadingCombobox: Promise<CurrencyCombobox> | null = null;

/** One load for every picker on the page; a failed one (a dropped connection) is tried again on the next reach. */
function loadCombobox(): Promise<CurrencyCombobox> {
  loadingCombobox ??= import('./CurrencyCombobox.tsx').then(
    (module) => (loadedCombobox = module.CurrencyCombobox),
    (error: unknown) => {
      loadingCombobox = null;
      throw error;
    },
  );
  return loadingCombobox;
}

/** Keys that open the list, as they do in the loaded combobox. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter']);

export function CurrencyPicker(props: CurrencyPickerProps) {
  const { label, currencies, selectedId, disabled = false, name } = props;
  const { t } = useLingui();
  const inputId = `picker-${useId()}`;
  // What the visitor did before the list had loaded; handed to it once, when it replaces this markup.
  const [activation, setActivation] = useState<PickerActivation | null>(null);
  const pending = useRef({ open: false, typed: '', byPointer: false });
  const field = useRef<HTMLDivElement>(null);
  // Between a pointer's press and its click: the focus it brings is not a Tab.
  const pointing = useRef(false);

  if (activation && loadedCombobox) {
    const Loaded = loadedCombobox;
    return <Loaded {...props} activation={activation} />;
  }

  // The list replaces this markup once it has loaded and the visitor has clicked, tapped, typed or tabbed in;
  // a pointer only starts the load, so the click that follows lands before the swap, not on a removed element.
  const activate = () => {
    loadCombobox().then(
      () => setActivation({ ...pending.current, focus: field.current?.contains(document.activeElement) ?? false }),
      // Still the plain picker: the next pointer or focus on it tries again.
      () => undefined,
    );
  };
  const preload = () => {
    loadCombobox().catch(() => undefined);
  };
  const askForList = () => {
    pointing.current = false;
    pending.current.open = true;
    activate();
  };
  const clickForList = () => {
    pending.current.byPointer = true;
    askForList();
  };
  const press = () => {
    pointing.current = true;
    preload();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (OPENING_KEYS.has(event.key)) {
      // Enter must not send the form from a field whose list is still on its way.
      event.preventDefault();
      askForList();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      pending.current.typed += event.key;
      askForList();
    } else if (event.key === 'Backspace') {
      pending.current.typed = pending.current.typed.slice(0, -1);
    }
  };

  const selected = currencies.find((currency) => currency.id === selectedId) ?? null;
  const network = shownNetwork(selected);
  return (
    <div
      ref={field}
      className={PICKER_FIELD_CLASS}
      onPointerOver={preload}
      onFocus={() => {
        if (!pointing.current) activate();
      }}
    >
      <label htmlFor={inputId} className={PICKER_LABEL_CLASS}>
        {label}
      </label>
      <div className="relative">
        {selected && (
          <span className={PICKER_ICON_CLASS}>
            <CurrencyIcon icon={selected.icon} className="size-6" />
          </span>
        )}
        <input
          id={inputId}
          name={name}
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          autoComplete="off"
          readOnly
          disabled={disabled}
          data-disabled={disabled ? '' : undefined}
          value={selected?.name ?? ''}
          onPointerDown={press}
          onClick={clickForList}
          onKeyDown={onKeyDown}
          className={PICKER_INPUT_CLASS}
        />
        {network && <span className={PICKER_NETWORK_CLASS}>{network}</span>}
        <button
          type="button"
          tabIndex={-1}
          aria-haspopup="listbox"
          aria-expanded="false"
          aria-label={t`Show all: ${label}`}
          disabled={disabled}
          onPointerDown={press}
          onClick={clickForList}
          className={PICKER_BUTTON_CLASS}
        >
          <ChevronIcon />
        </button>
      </div>
    </div>
  );
}
