// A new password typed twice (sign-up, password reset, password change): both fields tell the browser
// to offer a generated password, each shows its own error, and the first one its rules (ticked as met) and how hard it is to guess.
import type { ReactNode } from 'react';
import { PasswordInput } from './PasswordInput.tsx';
import { PasswordRulesChecklist } from './PasswordRulesChecklist.tsx';
import { PasswordStrengthHint } from './PasswordStrengthHint.tsx';

export type NewPasswordField = 'password' | 'passwordConfirm';

export interface NewPasswordFieldsProps {
  labels: Record<NewPasswordField, ReactNode>;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  onChange: (field: NewPasswordField, value: string) => void;
  readOnly?: boolean;
  /** The account's e-mail, when known: a password built from it counts as weak. */
  email?: string;
}

export function NewPasswordFields({ labels, values, errors, onChange, readOnly, email }: NewPasswordFieldsProps) {
  return (['password', 'passwordConfirm'] as const).map((field) => (
    <div key={field} className="contents">
      <PasswordInput
        label={labels[field]}
        name={field}
        autoComplete="new-password"
        required
        readOnly={readOnly}
        value={values[field]}
        error={errors[field]}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {field === 'password' && <PasswordRulesChecklist id="new-password-rules" password={values.password} />}
      {field === 'password' && !errors.password && <PasswordStrengthHint password={values.password} email={email} />}
    </div>
  ));
}
