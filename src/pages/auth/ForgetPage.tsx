// /forget: ask for a password-reset link.
import { useLingui } from '@lingui/react/macro';
import { PasswordRecoveryForm } from '../../components/auth/PasswordRecoveryForm.tsx';
import { AuthCard } from './AuthCard.tsx';

export default function ForgetPage() {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Password recovery`}>
      <PasswordRecoveryForm token={null} />
    </AuthCard>
  );
}
