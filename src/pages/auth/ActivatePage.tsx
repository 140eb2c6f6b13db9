// /activate/:token: activates the account from the mailed link at once, the token taken out of the address bar. A
// refused link (invalid, expired, used) shows the server's message and how to get a new link; a failure without a
// message offers to try again.
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useMailedPathToken } from '../../components/auth/useMailedToken.ts';
import { useSession } from '../../flows/session.tsx';
import { useActivation } from '../../flows/activation.ts';
import { AuthCard } from './AuthCard.tsx';

function Activation({ token }: { token: string }) {
  const { t } = useLingui();
  const { status } = useSession();
  const activation = useActivation(token);
  if (activation.failed) {
    return (
      <AuthCard title={t`Account activation`}>
        <div role="alert" className="flex flex-col gap-5">
          <p className="rounded-xl border border-red-200 bg-red-50 p-5 font-semibold text-red-900">
            {activation.message ?? t`The account could not be activated right now.`}
          </p>
          {activation.message ? (
            <p className="text-slate-700">
              <Trans>
                An activation link works once, for 3 days. If your account is already active, just sign in. Otherwise
                sign in and ask for a new link on your account page: we will send it to your e-mail.
              </Trans>
            </p>
          ) : (
            <Button onClick={activation.retry} fullWidth>
              <Trans>Try again</Trans>
            </Button>
          )}
          {status === 'signedIn' ? (
            <Button href="/account" color={activation.message ? 'orange' : 'border'} fullWidth>
              <Trans>Go to your account</Trans>
            </Button>
          ) : (
            <Button href="/login" color={activation.message ? 'orange' : 'border'} fullWidth>
              <Trans>Sign in</Trans>
            </Button>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Account activation`}>
      {activation.succeeded ? (
        <div role="status" className="flex flex-col gap-5">
          <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-lg font-semibold text-emerald-950">
            <Trans>Account successfully activated</Trans>
          </p>
          {status === 'signedIn' ? (
            <Button href="/account" fullWidth>
              <Trans>Go to your account</Trans>
            </Button>
          ) : (
            <Button href="/login" fullWidth>
              <Trans>Sign in</Trans>
            </Button>
          )}
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <Spinner className="size-5" /> <Trans>Activating your account…</Trans>
        </p>
      )}
    </AuthCard>
  );
}

export default function ActivatePage() {
  const { token: inAddress = '' } = useParams<{ token: string }>();
  // Read once, then taken out of the address bar (history, copied addresses and third-party scripts never hold it).
  const token = useMailedPathToken(inAddress);
  return <Activation key={token} token={token} />;
}
