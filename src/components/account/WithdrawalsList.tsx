// The user's withdrawal requests with their status; the page owns the list so it can reload it.
import { useLingui } from '@lingui/react/macro';
import type { Withdrawal } from '../../api/schemas/user.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { ListState } from '../../pages/account/ListState.tsx';
import { Pager } from '../../pages/account/Pager.tsx';
import type { PagedListView } from '../../pages/account/usePagedList.ts';
import { formatDateTime, formatMoney } from './format.ts';
import { StatusBadge } from './StatusBadge.tsx';

export function WithdrawalsList({ unit, list }: { unit: string; list: PagedListView<Withdrawal> }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div aria-busy={list.loading}>
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.retry}
        emptyText={t`You have not requested any withdrawals yet.`}
      />
      {!list.failed && list.items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(item.amount, unit, locale)}</p>
                <p className="text-sm break-words text-slate-600">
                  {formatDateTime(item.createdAt, locale)} · {item.requisites}
                </p>
              </div>
              <StatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} disabled={list.loading} onChange={list.goTo} />
    </div>
  );
}
