// An amount input: decimal keyboard on phones, comma or dot accepted, the unit shown inside the field. While it
// is not being edited it shows the amount grouped as the page does ("4 404,80"); focused, the plain text to edit.
import { useState, type ReactNode } from 'react';
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
  return (
    <TextInput
      label={label}
      name={name}
      value={editing || formatted === undefined ? value : formatted}
      onFocus={() => setEditing(true)}
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
