// /verification/:uuid: public address; the owner's session is needed to see and continue the verification.
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { PageSkeleton } from '../../components/layout/PageSkeleton.tsx';
import { useSession } from '../../flows/session.tsx';
import { useLoginDialog } from '../../flows/loginDialog.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { AccountLayout } from '../account/AccountLayout.tsx';
import { VerificationFlow } from './VerificationFlow.tsx';

export default function VerificationPage() {
  const { t } = useLingui();
  const { uuid = '' } = useParams<{ uuid: string }>();
  const { status } = useSession();
  const loginDialog = useLoginDialog();
  const title = t`Card verification`;

  if (status === 'loading') return <PageSkeleton />;
  if (status !== 'signedIn') {
    return (
      <Page title={title}>
        <div className="flex max-w-xl flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">
            <Trans>Sign in to the account that added this card to continue its verification.</Trans>
          </p>
          <Button onClick={loginDialog.show}>
            <Trans>Sign in</Trans>
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <AccountLayout title={title}>
      <VerificationFlow key={uuid} uuid={uuid} />
    </AccountLayout>
  );
}
