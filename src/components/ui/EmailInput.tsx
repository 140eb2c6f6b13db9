// The e-mail field of the sign-in, sign-up and recovery forms: one label, keyboard and name everywhere.
import { useLingui } from '@lingui/react/macro';
import { TextInput, type TextInputProps } from './TextInput.tsx';

/** `autoComplete`: 'username' where the address signs in, 'email' where it is being given. */
export type EmailInputProps = Omit<TextInputProps, 'label' | 'type' | 'name' | 'inputMode' | 'autoComplete'> & {
  autoComplete: 'username' | 'email';
};

export function EmailInput(props: EmailInputProps) {
  const { t } = useLingui();
  return <TextInput label={t`E-mail`} type="email" name="email" inputMode="email" required {...props} />;
}
