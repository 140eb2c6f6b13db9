// /account/settings: the password change.
import { useLingui } from '@lingui/react/macro';
import { PasswordChangeForm } from '../../components/account/PasswordChangeForm.tsx';
import { Section } from '../../components/account/Section.tsx';
import { AccountLayout } from './AccountLayout.tsx';

export default function SettingsPage() {
  const { t } = useLingui();
  return (
    <AccountLayout title={t`Settings`}>
      <Section title={t`Change password`}>
        <PasswordChangeForm />
      </Section>
    </AccountLayout>
  );
}
