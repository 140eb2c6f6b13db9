// "Send the activation e-mail again" and its outcome, wherever an account still waits for its activation link: the
// page after sign-up (by address) and the account page (signed in) each pass their own request.
import { Trans } from '@lingui/react/macro';
import type { useRequestView } from '../../flows/request.ts';
import { Button } from '../ui/Button.tsx';

export function ResendActivationMail({ resend, className }: { resend: ReturnType<typeof useRequestView>; className: string }) {
  if (resend.succeeded) {
    return (
      <p role="status" className={`${className} font-semibold`}>
        {resend.message ?? <Trans>We have sent the activation e-mail again.</Trans>}
      </p>
    );
  }
  return (
    <>
      <Button
        color="transparent"
        size="custom"
        className={`${className} font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600`}
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
  );
}
