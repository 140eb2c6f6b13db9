// The user's cards: verified ones and verifications in progress, each linking to its verification page.
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../i18n/useLocale.ts';
import { useVerifications } from '../../flows/verification.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';
import { formatDateTime } from './format.ts';
import { PagedRows } from './PagedRows.tsx';
import { StatusBadge, verificationBadge } from './StatusBadge.tsx';

export function VerificationsList() {
  const { t } = useLingui();
  const locale = useLocale();
  const list = useVerifications(20);
  return (
    <PagedRows
      list={list}
      emptyText={t`You have not added any cards yet.`}
      renderRow={(item) => (
        <>
          <div className="min-w-0">
            <p className="font-mono font-semibold tracking-wide text-slate-900">{item.card}</p>
            <p className="text-sm text-slate-600">{formatDateTime(item.createdAt, locale)}</p>
            {item.status === 'rejected' && item.reason && <p className="text-sm text-red-800">{item.reason}</p>}
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge status={verificationBadge(item.status, item.images)} />
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
        </>
      )}
    />
  );
}
