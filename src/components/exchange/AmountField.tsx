// An amount input: decimal keyboard on phones, comma or dot accepted, the unit shown inside the field.
import type { ReactNode } from 'react';
import { TextInput } from '../ui/TextInput.tsx';

export interface AmountFieldProps {
  label: string;
  name: string;
  value: string;
  unit: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export function AmountField({ label, name, value, unit, onChange, onBlur, error, hint, disabled }: AmountFieldProps) {
  return (
    <TextInput
      label={label}
      name={name}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      hint={hint}
      disabled={disabled}
      className="h-12 text-lg font-semibold tabular-nums"
      rightIcon={<span className="pr-1 text-sm font-semibold text-slate-600">{unit}</span>}
    />
  );
}
