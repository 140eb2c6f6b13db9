// /sales: current offers as cards, then the general terms.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { Lead } from '../../components/content/Prose.tsx';
import { useLocalContent } from '../../components/content/useLocalContent.ts';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { sales as ru } from '../../content/ru/sales.ts';
import { sales as en } from '../../content/en/sales.ts';

/** Offers that have a page of their own. */
const MORE: Record<string, string> = { referral: '/partners/users' };

export default function SalesPage() {
  const { t } = useLingui();
  const sales = useLocalContent({ ru, en });
  return (
    <Page title={t`Offers and discounts`}>
      <Lead>{sales.lead}</Lead>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sales.offers.map((offer) => (
          <li key={offer.id} id={offer.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="self-start rounded-full bg-brand-600/10 px-3 py-1 text-xs font-semibold text-brand-700">
              {offer.badge}
            </span>
            <h2 className="mt-3 text-lg font-semibold text-navy-900">{offer.title}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{offer.summary}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
              {offer.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
            {MORE[offer.id] && (
              <LocalLink to={MORE[offer.id]!} className="mt-4 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600">
                <Trans>Learn more</Trans>
              </LocalLink>
            )}
          </li>
        ))}
      </ul>
      <section className="mt-10 max-w-prose" aria-labelledby="sales-terms">
        <h2 id="sales-terms" className="text-xl font-semibold text-navy-900">
          {sales.termsTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
          {sales.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
