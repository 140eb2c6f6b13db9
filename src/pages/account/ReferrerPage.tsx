// /account/referrer: the referral balance and terms, the user's referral link, the withdrawal request form, the withdrawals and the
// history of earnings and withdrawals.
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReferralBalance } from '../../api/schemas/user.ts';
import { useReferralBalance, useReferralMovements, useWithdrawals } from '../../flows/referral.ts';
import { ReferralLink } from '../../components/account/ReferralLink.tsx';
import { ReferralMovements } from '../../components/account/ReferralMovements.tsx';
import { ReferralSummary } from '../../components/account/ReferralSummary.tsx';
import { Section } from '../../components/account/Section.tsx';
import { WithdrawalForm } from '../../components/account/WithdrawalForm.tsx';
import { WithdrawalsList } from '../../components/account/WithdrawalsList.tsx';
import { AccountLayout } from './AccountLayout.tsx';
import { ListState } from '../../components/lists/ListState.tsx';
import { useReferralLink } from './useReferralLink.ts';

const PAGE_SIZE = 10;

export default function ReferrerPage() {
  const { t } = useLingui();
  const balanceLoader = useReferralBalance();
  const balanceState = useSelector(balanceLoader, (s) => s);
  const balance = balanceState.context.data as ReferralBalance | null;
  const link = useReferralLink(balance?.referralCode);
  const withdrawals = useWithdrawals(PAGE_SIZE);
  const movements = useReferralMovements(PAGE_SIZE);
  // A new withdrawal lowers the balance and adds a row to both lists.
  const onCreated = () => {
    balanceLoader.send({ type: 'reload' });
    withdrawals.reload();
    movements.reload();
  };

  return (
    <AccountLayout title={t`Referral program`}>
      {!balance ? (
        <ListState
          loading={balanceState.hasTag('busy')}
          failed={balanceState.matches('failed')}
          empty
          onRetry={() => balanceLoader.send({ type: 'retry' })}
          emptyText=""
        />
      ) : (
        <div className="flex flex-col gap-6">
          <ReferralSummary balance={balance} />
          <Section title={t`Referral link`}>
            <ReferralLink link={link} />
          </Section>
          <Section title={t`Withdraw earnings`}>
            <WithdrawalForm balance={balance} balanceLoader={balanceLoader} onCreated={onCreated} />
          </Section>
          <Section title={t`Withdrawal requests`}>
            <WithdrawalsList unit={balance.unit} list={withdrawals} />
          </Section>
          <Section title={t`Earnings and withdrawals`}>
            <ReferralMovements unit={balance.unit} list={movements} />
          </Section>
        </div>
      )}
    </AccountLayout>
  );
}
