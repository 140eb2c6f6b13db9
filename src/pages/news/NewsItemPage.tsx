// /news/{slug} (Russian only): one news item or update; an unknown slug shows the 404 page.
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { Page } from '../../components/layout/Page.tsx';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { Prose } from '../../components/content/Prose.tsx';
import { PageContainer } from '../../components/layout/Page.tsx';
import { formatDate } from '../../components/content/formatDate.ts';
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { useDocumentTitle } from '../../components/head.ts';
import { useInitialPage } from '../../flows/initialPage.ts';
import { useNewsItem } from '../../flows/news.tsx';
import { ErrorPage } from '../error/ErrorPage.tsx';
import type { NewsItem as NewsItemData } from '../../api/schemas/news.ts';

function NewsItem({ slug, preloaded }: { slug: string; preloaded: NewsItemData | null }) {
  const { status, data: item, retry } = useNewsItem(slug, preloaded);
  if (status !== 'ready') {
    return (
      <PageContainer className="py-6 sm:py-10">
        {status === 'failed' ? <LoadFailed onRetry={retry} /> : <LoadingBlock />}
      </PageContainer>
    );
  }
  if (!item) return <ErrorPage code={404} />;
  return <NewsArticle item={item} />;
}

function NewsArticle({ item }: { item: NewsItemData }) {
  const { t } = useLingui();
  useDocumentTitle(item.title);
  const archive = item.kind === 'news' ? '/news/archive/news' : '/news/archive/updates';
  return (
    <Page title={item.title} breadcrumb={[{ path: '/news', label: t`News` }]} narrow>
      <p className="-mt-3 mb-6 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, 'ru')}</time>
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
          {item.kind === 'news' ? <Trans>News</Trans> : <Trans>Service update</Trans>}
        </span>
      </p>
      <Prose>
        {item.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Prose>
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
        <LocalLink to="/news" className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
          <Trans>All news</Trans>
        </LocalLink>
        <LocalLink to={archive} className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
          {item.kind === 'news' ? <Trans>News archive</Trans> : <Trans>Updates archive</Trans>}
        </LocalLink>
      </p>
    </Page>
  );
}

export default function NewsItemPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  // A server-rendered item page starts from the item it was rendered with.
  const preloaded = useInitialPage()?.newsItem ?? null;
  return <NewsItem key={slug} slug={slug} preloaded={preloaded} />;
}
