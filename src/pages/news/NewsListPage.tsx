// /news (Russian only): the news, paged, beside the latest service updates; links to both archives.
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/layout/Page.tsx';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { PagedNews } from './PagedNews.tsx';

const archiveLink = 'text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600';

export default function NewsListPage() {
  const { t } = useLingui();
  return (
    <Page title={t`News`}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="news-latest">
          <h2 id="news-latest" className="sr-only">
            <Trans>Latest news</Trans>
          </h2>
          <PagedNews source="news" size={5} layout="cards" />
          <LocalLink to="/news/archive/news" className={`mt-6 inline-block ${archiveLink}`}>
            <Trans>News archive</Trans>
          </LocalLink>
        </section>
        <aside aria-labelledby="news-updates" className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="news-updates" className="text-lg font-semibold text-navy-900">
            <Trans>Service updates</Trans>
          </h2>
          <div className="mt-2">
            <PagedNews source="update" size={5} layout="compact" />
          </div>
          <LocalLink to="/news/archive/updates" className={`mt-4 inline-block ${archiveLink}`}>
            <Trans>Updates archive</Trans>
          </LocalLink>
        </aside>
      </div>
    </Page>
  );
}
