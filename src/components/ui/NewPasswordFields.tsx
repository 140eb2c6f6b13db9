// A new password typed twice (sign-up, password reset, password change): both fields tell the browser
// to offer a generated password, and each shows its own error.
import type { ReactNode } from 'react';
import { PasswordInput } from './PasswordInput.tsx';

export type NewPasswordField = 'password' | 'passwordConfirm';

export interface NewPasswordFieldsProps {
  labels: Record<NewPasswordField, ReactNode>;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  onChange: (field: NewPasswordField, value: string) => void;
  readOnly?: boolean;
}

export function NewPasswordFields({ labels, values, errors, onChange, readOnly }: NewPasswordFieldsProps) {
  return (['password', 'passwordConfirm'] as const).map((field) => (
    <PasswordInput
      key={field}
      label={labels[field]}
      name={field}
      autoComplete="new-password"
      required
      readOnly={readOnly}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => onChange(field, event.target.value)}
    />
  ));
}
