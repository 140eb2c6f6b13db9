// /recover?token=: set a new password from the mailed link (without a token it asks for the link again).
import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { PasswordRecoveryForm } from '../../components/auth/PasswordRecoveryForm.tsx';
import { AuthCard } from './AuthCard.tsx';

export default function RecoverPage() {
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <AuthCard title={t`New password`}>
      <PasswordRecoveryForm key={token ?? ''} token={token || null} />
    </AuthCard>
  );
}
