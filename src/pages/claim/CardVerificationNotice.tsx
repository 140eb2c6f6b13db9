// What a client whose claim waits for its sender card's verification does next: the verification of that card
// (/verification/{uuid}) when the claim belongs to an account, else signing in with the claim's e-mail first.
import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';

export function CardVerificationNotice({ verification, email }: { verification: string | null; email: string }) {
  return (
    <div className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-amber-200" data-testid="card-verification">
      <p>
        <Trans>
          This exchange direction pays out only to clients who have verified the card they paid from. Send a photo of the card: once
          our operator approves it, the exchange continues by itself.
        </Trans>
      </p>
      {verification ? (
        <Button href={`/verification/${verification}`} className="mt-3">
          <Trans>Verify the card</Trans>
        </Button>
      ) : (
        <>
          <p className="mt-2">
            <Trans>
              First sign in or sign up with the e-mail of this request ({email}), then add the card under Cards in your account and send
              its photo.
            </Trans>
          </p>
          <Button href="/account/cards" className="mt-3">
            <Trans>Go to my cards</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
