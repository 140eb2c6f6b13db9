// The user's withdrawal requests with their status; the page owns the list so it can reload it.
import { useLingui } from '@lingui/react/macro';
import type { Withdrawal } from '../../api/schemas/user.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import type { PagedListView } from '../../flows/pagedList.ts';
import { formatDateTime, formatMoney } from './format.ts';
import { PagedRows } from './PagedRows.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export function WithdrawalsList({ unit, list }: { unit: string; list: PagedListView<Withdrawal> }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <PagedRows
      list={list}
      emptyText={t`You have not requested any withdrawals yet.`}
      renderRow={(item) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(item.amount, unit, locale)}</p>
            <p className="text-sm break-words text-slate-600">
              {formatDateTime(item.createdAt, locale)} · {item.requisites}
            </p>
          </div>
          <StatusBadge status={item.status} />
        </>
      )}
    />
  );
}
