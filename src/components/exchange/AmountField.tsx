// An amount input: decimal keyboard on phones, comma or dot accepted, the unit shown inside the field. While it
// is not being edited it shows the amount grouped as the page does ("4 404,80"); focused, the plain text to edit.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TextInput } from '../ui/TextInput.tsx';

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
  // Swapping the grouped text for the plain one puts the caret at the end, so a field entered by Tab (or focused
  // by a script after a select-all) would turn typing into appending: such a focus selects the whole plain text,
  // as Tab does. A click keeps the caret where it lands.
  const focusByPointer = useRef(false);
  const selectAllOnSwap = useRef(false);
  useLayoutEffect(() => {
    if (editing && selectAllOnSwap.current && input.current === document.activeElement) input.current?.select();
    selectAllOnSwap.current = false;
  }, [editing]);
  return (
    <TextInput
      ref={input}
      label={label}
      name={name}
      value={editing || formatted === undefined ? value : formatted}
      onPointerDown={() => {
        focusByPointer.current = true;
      }}
      onFocus={() => {
        selectAllOnSwap.current = !focusByPointer.current && formatted !== undefined && formatted !== value;
        focusByPointer.current = false;
        setEditing(true);
      }}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        focusByPointer.current = false;
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
