// /account/orders: the user's claims, newest first, a page at a time; each links to its claim page.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClaimListItem } from '../../api/schemas/claim.ts';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { claimNumber } from '../../domain/claimNumber.ts';
import { formatAmount } from '../../domain/money.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { AccountLayout } from './AccountLayout.tsx';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from './claimStatusLabels.ts';
import { ListState } from '../../components/lists/ListState.tsx';
import { Pager } from '../../components/lists/Pager.tsx';
import { useMyClaims } from '../../flows/myClaims.ts';

const PAGE_SIZE = 10;

function Amount({ side, tag }: { side: ClaimListItem['from']; tag: string }) {
  return (
    <span className="font-semibold text-navy-900 tabular-nums">
      {formatAmount(side.summa, tag)} <span className="font-medium text-slate-700">{side.currency.unit}</span>
    </span>
  );
}

function ClaimRow({ claim, tag }: { claim: ClaimListItem; tag: string }) {
  const { i18n } = useLingui();
  const created = new Date(claim.createdAt);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLAIM_STATUS_TONES[claim.status]}`}>
          {i18n._(CLAIM_STATUS_LABELS[claim.status])}
        </span>
        <time dateTime={claim.createdAt} className="text-sm text-slate-600">
          {created.toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-base">
        <Amount side={claim.from} tag={tag} />
        <span aria-hidden="true" className="text-slate-500">
          →
        </span>
        <span className="sr-only">
          <Trans>to</Trans>
        </span>
        <Amount side={claim.to} tag={tag} />
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {claim.from.currency.name} → {claim.to.currency.name}
      </p>
      <LocalLink
        to={`/claim/${claim.uuid}`}
        className="mt-3 inline-flex text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600"
      >
        <Trans>Open claim</Trans>
        {/* The number as the claim page, the mails and the referral history write it. */}
        <span className="ml-1 tabular-nums">{claimNumber(claim.uuid)}</span>
      </LocalLink>
    </li>
  );
}

export default function OrdersPage() {
  const { t } = useLingui();
  const tag = LOCALE_TAGS[useLocale()];
  const list = useMyClaims(PAGE_SIZE);
  return (
    <AccountLayout title={t`Orders`}>
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.retry}
        emptyText={
          <>
            <Trans>You have no exchange requests yet.</Trans>{' '}
            <LocalLink to="/" className="font-semibold text-brand-700 underline underline-offset-2">
              <Trans>Make an exchange</Trans>
            </LocalLink>
          </>
        }
      />
      {list.items.length > 0 && (
        <ul aria-busy={list.loading || undefined} className={`flex flex-col gap-3 ${list.loading ? 'opacity-60' : ''}`}>
          {list.items.map((claim) => (
            <ClaimRow key={claim.uuid} claim={claim} tag={tag} />
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} disabled={list.loading} onChange={list.goTo} />
    </AccountLayout>
  );
}
