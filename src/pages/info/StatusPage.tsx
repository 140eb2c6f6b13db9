// /status: per direction, whether it is offered now or paused and why, in plain words, and when its course last
// changed. Its flow loads GET /api/v1/status/; a server-rendered page starts from what the server read.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { EXCHANGER_TIME_ZONE } from '../../components/content/formatDate.ts';
import { useInitialPage } from '../../flows/initialPage.ts';
import { useDirectionStatus } from '../../flows/status.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';
import type { DirectionStatus, PauseReason } from '../../api/schemas/status.ts';

const REASONS: Record<PauseReason, MessageDescriptor> = {
  maintenance: msg`The site is under maintenance. Exchanges resume when it ends.`,
  stale_rates: msg`The market prices this rate follows are out of date. It resumes by itself once they are fresh.`,
  jump_held: msg`The market moved more than we allow in one step. An operator is checking the new rate.`,
  no_reserve: msg`There is nothing left in the reserve to pay out. It resumes when the reserve is topped up.`,
  limits: msg`Its limits leave no amount that could be exchanged. An operator is correcting them.`,
  checking: msg`Its published rate is being checked against what an exchange would get. It resumes once they agree.`,
};

/** Date and time in the exchanger's time zone, so the server's rendering and the browser's agree. */
function formatMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: EXCHANGER_TIME_ZONE,
  }).format(new Date(iso));
}

function DirectionRow({ row, locale }: { row: DirectionStatus; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <tr data-testid="status-row" data-offered={row.offered}>
      <th scope="row" className="px-4 py-2.5 text-left font-medium text-navy-900">
        {row.from.name} → {row.to.name}
      </th>
      <td className="px-4 py-2.5">
        {row.offered ? (
          <span className="font-semibold text-emerald-800">
            <Trans>Offered</Trans>
          </span>
        ) : (
          <>
            <span className="font-semibold text-amber-800">
              <Trans>Paused</Trans>
            </span>
            <span className="block text-slate-700">{row.reason ? i18n._(REASONS[row.reason]) : null}</span>
          </>
        )}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-slate-700">
        <time dateTime={row.courseChangedAt}>{formatMoment(row.courseChangedAt, locale)}</time>
      </td>
    </tr>
  );
}

function DirectionTable() {
  const { t } = useLingui();
  const locale = useLocale();
  const { status, data, retry } = useDirectionStatus(useInitialPage()?.status ?? null);
  if (status === 'failed') return <LoadFailed onRetry={retry} />;
  if (status === 'loading' || !data) return <LoadingBlock />;
  return (
    // On a phone the table scrolls sideways: a keyboard user must be able to focus it to scroll.
    <div
      tabIndex={0}
      role="region"
      aria-label={t`Exchange directions`}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t`Exchange directions`}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Direction`}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Now`}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Rate last changed`}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.directions.map((row) => (
            <DirectionRow key={`${row.from.id}-${row.to.id}`} row={row} locale={locale} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function StatusPage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <Page title={t`Service status`}>
      <Lead>
        <Trans>
          Which exchange directions are offered right now, why a paused one is paused, and when each rate last changed.
        </Trans>
      </Lead>
      <section className="mt-8">
        <DirectionTable key={locale} />
      </section>
    </Page>
  );
}
