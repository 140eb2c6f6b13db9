// /login: the sign-in form as a page (the header opens the same form in a dialog).
import { useLingui } from '@lingui/react/macro';
import { LoginForm } from '../../components/auth/LoginForm.tsx';
import { AuthCard } from './AuthCard.tsx';

export default function LoginPage() {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Sign in to your account`}>
      <LoginForm />
    </AuthCard>
  );
}
