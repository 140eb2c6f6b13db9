// The user's cards: verified ones and verifications in progress, each linking to its verification page.
import { useLingui } from '@lingui/react/macro';
import type { Verification } from '../../api/schemas/verification.ts';
import { fetchVerifications } from '../../app/actors/verification.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { ListState } from '../../pages/account/ListState.tsx';
import { Pager } from '../../pages/account/Pager.tsx';
import { usePagedList } from '../../pages/account/usePagedList.ts';
import { LocalLink } from '../ui/LocalLink.tsx';
import { formatDateTime } from './format.ts';
import { StatusBadge } from './StatusBadge.tsx';

export function VerificationsList() {
  const { t } = useLingui();
  const locale = useLocale();
  const list = usePagedList<Verification>(fetchVerifications, { size: 20 });
  return (
    <div aria-busy={list.loading}>
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.retry}
        emptyText={t`You have not added any cards yet.`}
      />
      {!list.failed && list.items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-mono font-semibold tracking-wide text-slate-900">{item.card}</p>
                <p className="text-sm text-slate-600">{formatDateTime(item.createdAt, locale)}</p>
                {item.status === 'rejected' && item.reason && <p className="text-sm text-red-800">{item.reason}</p>}
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={item.status} />
                {item.status !== 'approved' && (
                  <LocalLink
                    to={`/verification/${item.uuid}`}
                    className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {item.status === 'pending' ? t`View status` : t`Continue`}
                    <span className="sr-only"> {item.card}</span>
                  </LocalLink>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} disabled={list.loading} onChange={list.goTo} />
    </div>
  );
}
