// Under "Check your mail" after sign-up: the link may be late, in spam, or mistyped away, so the visitor can have it
// sent again to the same address without signing in (POST /api/v1/users/reactivate/email/, limited per address).
import { Trans } from '@lingui/react/macro';
import { useActivationResend } from '../../flows/activationResend.ts';
import { ResendActivationMail } from './ResendActivationMail.tsx';

export function ActivationResend({ email }: { email: string }) {
  const resend = useActivationResend(email);
  return (
    <div className="mt-4 border-t border-emerald-200 pt-4 text-sm">
      <p>
        <Trans>No e-mail after a few minutes? Check the spam folder, or have it sent again.</Trans>
      </p>
      <ResendActivationMail resend={resend} className="mt-2" />
    </div>
  );
}
