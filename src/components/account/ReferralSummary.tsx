// The referral balance and terms: balance, percent, invited users, minimum withdrawal.
import { useLingui } from '@lingui/react/macro';
import type { ReferralBalance } from '../../api/schemas/user.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { formatMoney } from './format.ts';

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 font-bold text-navy-900 ${strong ? 'text-2xl' : 'text-xl'}`}>{value}</dd>
    </div>
  );
}

export function ReferralSummary({ balance }: { balance: ReferralBalance }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label={t`Balance`} value={formatMoney(balance.balance, balance.unit, locale)} strong />
      <Figure label={t`Your percent`} value={`${formatAmount(balance.percent, LOCALE_TAGS[locale])}%`} />
      <Figure label={t`Invited users`} value={String(balance.invited)} />
      <Figure label={t`Minimum withdrawal`} value={formatMoney(balance.minWithdrawal, balance.unit, locale)} />
    </dl>
  );
}
