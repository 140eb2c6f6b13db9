// /register (optionally ?ref=CODE from a referral link).
import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { RegisterForm } from '../../components/auth/RegisterForm.tsx';
import { AuthCard } from './AuthCard.tsx';

export default function RegisterPage() {
  const { t } = useLingui();
  const referral = new URLSearchParams(useSearch()).get('ref');
  return (
    <AuthCard title={t`Registration`}>
      <RegisterForm referral={referral || null} />
    </AuthCard>
  );
}
