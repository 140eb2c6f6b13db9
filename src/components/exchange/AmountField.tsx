// An amount input: decimal keyboard on phones, comma or dot accepted, the unit shown inside the field. While it
// is not being edited it shows the amount grouped as the page does ("4 404,80"); focused, the plain text to edit.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TextInput } from '../ui/TextInput.tsx';
import { plainCaret } from './amountText.ts';

export interface AmountFieldProps {
  label: string;
  name: string;
  value: string;
  /** The same amount grouped for reading, shown while the field has no focus. */
  formatted?: string;
  unit: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export function AmountField({ label, name, value, formatted, unit, onChange, onBlur, error, hint, disabled }: AmountFieldProps) {
  // Purely visual: whether the person is editing this field right now.
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The selection at focus, moved into the plain text: swapping the value puts the caret at the end, so a
  // select-all (Tab, a click then Ctrl+A) would otherwise turn typing into appending.
  const selectionAtFocus = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const selection = selectionAtFocus.current;
    selectionAtFocus.current = null;
    if (editing && selection && input.current === document.activeElement) input.current?.setSelectionRange(...selection);
  }, [editing]);
  return (
    <TextInput
      ref={input}
      label={label}
      name={name}
      value={editing || formatted === undefined ? value : formatted}
      onFocus={(event) => {
        const field = event.currentTarget;
        if (formatted !== undefined && formatted !== value) {
          selectionAtFocus.current = [
            plainCaret(formatted, value, field.selectionStart ?? formatted.length),
            plainCaret(formatted, value, field.selectionEnd ?? formatted.length),
          ];
        }
        setEditing(true);
      }}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        setEditing(false);
        onBlur();
      }}
      error={error}
      hint={hint}
      disabled={disabled}
      className="h-12 text-lg font-semibold tabular-nums"
      rightIcon={<span className="pr-1 text-sm font-semibold text-slate-600">{unit}</span>}
    />
  );
}
