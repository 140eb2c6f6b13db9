// Under "Check your mail" after sign-up: the link may be late, in spam, or mistyped away, so the visitor can have it
// sent again to the same address without signing in (POST /api/v1/users/reactivate/email/, limited per address).
import { Trans } from '@lingui/react/macro';
import { useActivationResend } from '../../flows/activationResend.ts';
import { Button } from '../ui/Button.tsx';

export function ActivationResend({ email }: { email: string }) {
  const resend = useActivationResend(email);
  return (
    <div className="mt-4 border-t border-emerald-200 pt-4 text-sm">
      <p>
        <Trans>No e-mail after a few minutes? Check the spam folder, or have it sent again.</Trans>
      </p>
      {resend.succeeded ? (
        <p role="status" className="mt-2 font-semibold">
          {resend.message ?? <Trans>We have sent the activation e-mail again.</Trans>}
        </p>
      ) : (
        <>
          <Button
            color="transparent"
            size="custom"
            className="mt-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600"
            loading={resend.pending}
            onClick={resend.failed ? resend.retry : resend.start}
          >
            <Trans>Send the activation e-mail again</Trans>
          </Button>
          {resend.failed && (
            <p role="alert" className="mt-2 text-red-800">
              {resend.message ?? <Trans>The e-mail could not be sent. Please try again later.</Trans>}
            </p>
          )}
        </>
      )}
    </div>
  );
}
