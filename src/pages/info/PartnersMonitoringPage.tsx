// /partners/monitoring: for rate-monitoring sites — the XML export address, its fields, how often it changes,
// and the table of currency codes (its flow loads them from GET /api/v1/calculator/; a server-rendered page starts
// from the ones the server read).
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Page } from '../../components/layout/Page.tsx';
import { useInitialPage, useSiteOrigin } from '../../flows/initialPage.ts';
import { Lead, Prose } from '../../components/content/Prose.tsx';
import { SectionBlock } from '../../components/content/SectionBlock.tsx';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import type { Currency } from '../../api/schemas/calculator.ts';
import { useCurrencyCodes } from '../../flows/monitoring.ts';
import { monitoring as ru } from '../../content/ru/partners.ts';
import { monitoring as en } from '../../content/en/partners.ts';

const EXPORT_PATH = '/export/rates.xml';

const KIND_LABELS: Record<Currency['kind'], MessageDescriptor> = {
  crypto: msg`Cryptocurrency`,
  card: msg`Bank card`,
  emoney: msg`E-money`,
  cash: msg`Cash`,
};

function CurrencyCodes() {
  const { t, i18n } = useLingui();
  const { status, data: currencies, retry } = useCurrencyCodes(useInitialPage()?.currencies ?? null);
  if (status === 'failed') return <LoadFailed onRetry={retry} />;
  if (status === 'loading' || !currencies) return <LoadingBlock />;
  return (
    // On a phone the table scrolls sideways: a keyboard user must be able to focus it to scroll.
    <div
      tabIndex={0}
      role="region"
      aria-label={t`Currency codes`}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{t`Currency codes`}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Code`}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Currency`}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Network`}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t`Type`}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {currencies.map((currency) => (
            <tr key={currency.id}>
              <td className="px-4 py-2.5 font-mono font-semibold text-navy-900">{currency.code}</td>
              <td className="px-4 py-2.5 text-slate-800">{currency.name}</td>
              <td className="px-4 py-2.5 text-slate-700">{currency.network ?? '—'}</td>
              <td className="px-4 py-2.5 text-slate-700">{i18n._(KIND_LABELS[currency.kind])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function PartnersMonitoringPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const text = useLocalContent({ ru, en });
  const exportUrl = `${useSiteOrigin()}${EXPORT_PATH}`;
  return (
    <Page title={t`For rate monitors`} breadcrumb={[{ path: '/partners', label: t`Partners` }]}>
      <Lead>{text.lead}</Lead>
      <section aria-labelledby="export-title" className="mt-8 rounded-2xl bg-navy-900 p-5 text-white sm:p-6">
        <h2 id="export-title" className="text-lg font-semibold">
          {text.exportTitle}
        </h2>
        <p className="mt-1 text-slate-200">{text.exportText}</p>
        <a
          href={exportUrl}
          className="mt-4 block rounded-lg bg-white/10 px-4 py-3 font-mono text-sm break-all text-white underline-offset-2 hover:underline"
          data-testid="export-url"
        >
          {exportUrl}
        </a>
      </section>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="fields-title">
          <h2 id="fields-title" className="text-xl font-semibold text-navy-900">
            {text.fieldsTitle}
          </h2>
          <dl className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {text.fields.map((field) => (
              <div key={field.name} className="flex gap-4 px-4 py-3">
                <dt className="w-24 shrink-0 font-mono text-sm font-semibold text-navy-900">&lt;{field.name}&gt;</dt>
                <dd className="text-slate-700">{field.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Prose className="lg:-mt-8">
          {text.sections.map((section) => (
            <SectionBlock key={section.id} section={section} />
          ))}
        </Prose>
      </div>
      <section aria-labelledby="codes-title" className="mt-10">
        <h2 id="codes-title" className="text-xl font-semibold text-navy-900">
          {text.codesTitle}
        </h2>
        <p className="mt-1 mb-4 max-w-prose text-slate-700">{text.codesText}</p>
        <CurrencyCodes key={locale} />
      </section>
    </Page>
  );
}
