// /account/cards: verified cards and verifications in progress, and the form to add a card.
import { Trans, useLingui } from '@lingui/react/macro';
import { AddCardForm } from '../../components/account/AddCardForm.tsx';
import { Section } from '../../components/account/Section.tsx';
import { VerificationsList } from '../../components/account/VerificationsList.tsx';
import { AccountLayout } from './AccountLayout.tsx';

export default function CardsPage() {
  const { t } = useLingui();
  return (
    <AccountLayout title={t`Cards`}>
      <div className="flex flex-col gap-6">
        <Section title={t`Add a card`}>
          <p className="mb-4 max-w-2xl text-sm text-slate-700">
            <Trans>
              A verified card lets you exchange at the verified rate. After you add the number, you will photograph the
              card to confirm it is yours.
            </Trans>
          </p>
          <AddCardForm />
        </Section>
        <Section title={t`Your cards`}>
          <VerificationsList />
        </Section>
      </div>
    </AccountLayout>
  );
}
