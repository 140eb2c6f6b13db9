// /register: a referral code from `?ref=` (or the one remembered from an earlier visit) goes with the sign-up.
import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { RegisterForm } from '../../components/auth/RegisterForm.tsx';
import { currentReferral } from '../home/referralCookie.ts';
import { AuthCard } from './AuthCard.tsx';

export default function RegisterPage() {
  const { t } = useLingui();
  const referral = currentReferral(useSearch());
  return (
    <AuthCard title={t`Registration`}>
      <RegisterForm referral={referral} />
    </AuthCard>
  );
}
