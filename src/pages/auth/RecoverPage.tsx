// /recover?token=: set a new password from the mailed link (without a token it asks for the link again).
import { useLingui } from '@lingui/react/macro';
import { PasswordRecoveryForm } from '../../components/auth/PasswordRecoveryForm.tsx';
import { useMailedToken } from '../../components/auth/useMailedToken.ts';
import { AuthCard } from './AuthCard.tsx';

export default function RecoverPage() {
  const { t } = useLingui();
  const token = useMailedToken();
  return (
    // Without a token the page asks for the mailed link again, so it is titled as recovery, not "New password".
    <AuthCard title={token ? t`New password` : t`Password recovery`}>
      <PasswordRecoveryForm key={token ?? ''} token={token} />
    </AuthCard>
  );
}
