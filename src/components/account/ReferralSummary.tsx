// The referral balance and terms: balance, percent, invited users, minimum withdrawal.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReferralBalance } from '../../api/schemas/user.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { formatMoneyAmount } from './format.ts';

function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  // The balance, the page's largest figure, takes the whole row on a phone.
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${strong ? 'col-span-2 lg:col-span-1' : ''}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 font-bold text-navy-900 ${strong ? 'text-2xl' : 'text-xl'}`}>
        {children}
      </dd>
    </div>
  );
}

/** An amount that is never cut or parted inside the number: only the unit may go to the next line. */
function Money({ value, unit }: { value: string; unit: string }) {
  const locale = useLocale();
  return (
    <>
      <span className="whitespace-nowrap">{formatMoneyAmount(value, locale)}</span> <span className="whitespace-nowrap">{unit}</span>
    </>
  );
}

export function ReferralSummary({ balance }: { balance: ReferralBalance }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label={t`Balance`} strong>
        <Money value={balance.balance} unit={balance.unit} />
      </Figure>
      <Figure label={t`Your percent`}>{`${formatAmount(balance.percent, LOCALE_TAGS[locale])}%`}</Figure>
      <Figure label={t`Invited users`}>{String(balance.invited)}</Figure>
      <Figure label={t`Minimum withdrawal`}>
        <Money value={balance.minWithdrawal} unit={balance.unit} />
      </Figure>
    </dl>
  );
}
