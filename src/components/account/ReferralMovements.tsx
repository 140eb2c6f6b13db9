// History of referral earnings and withdrawals with a date filter and pages (the paged list machine); the page
// owns the list so that a new withdrawal reloads it.
import { useLingui } from '@lingui/react/macro';
import type { ReferralMovement } from '../../api/schemas/user.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { DateRangeFilter } from '../lists/DateRangeFilter.tsx';
import { ListState } from '../lists/ListState.tsx';
import { Pager } from '../lists/Pager.tsx';
import type { PagedListView } from '../../flows/pagedList.ts';
import { formatDateTime, formatMoney } from './format.ts';

export function ReferralMovements({ unit, list }: { unit: string; list: PagedListView<ReferralMovement> }) {
  const { t } = useLingui();
  const locale = useLocale();

  return (
    <div>
      <DateRangeFilter filters={list.filters} onChange={list.filter} />
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.retry}
        emptyText={t`No operations for this period.`}
      />
      {!list.failed && list.items.length > 0 && (
        <div aria-busy={list.loading} className={list.loading ? 'opacity-60' : ''}>
          <div tabIndex={0} role="group" aria-label={t`Rewards and withdrawals`} className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t`Rewards and withdrawals`}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">{t`Date`}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t`Operation`}</th>
                  <th scope="col" className="py-2 text-right font-medium">{t`Amount`}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => (
                  <tr key={item.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 text-slate-700">{formatDateTime(item.createdAt, locale)}</td>
                    <td className="py-2 pr-3">
                      <span className="font-medium text-slate-900">{item.kind === 'deposit' ? t`Reward` : t`Withdrawal`}</span>
                      {item.comment && <span className="block text-xs text-slate-600">{item.comment}</span>}
                    </td>
                    <td
                      className={`py-2 text-right font-semibold whitespace-nowrap tabular-nums ${item.kind === 'deposit' ? 'text-emerald-800' : 'text-slate-900'}`}
                    >
                      {item.kind === 'deposit' ? '+' : '−'}
                      {formatMoney(item.amount, unit, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} disabled={list.loading} onChange={list.goTo} />
    </div>
  );
}
