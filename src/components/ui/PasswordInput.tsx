// Password field with a show/hide toggle (a real button with a changing accessible name).
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LineIcon } from './LineIcon.tsx';
import { TextInput, type TextInputProps } from './TextInput.tsx';

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'rightIcon'>;

export function PasswordInput({ autoComplete = 'current-password', ...props }: PasswordInputProps) {
  const { t } = useLingui();
  // Purely visual: whether the characters are shown.
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      rightIcon={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={visible ? t`Hide password` : t`Show password`}
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <LineIcon strokeWidth={1.8}>
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </LineIcon>
        </button>
      }
    />
  );
}
