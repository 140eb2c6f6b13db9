// A paged list of news or updates (or of their archives) from its flow (src/flows/news.tsx): page changes,
// loading, failure and retry; a server-rendered page starts from the first page the server read. `layout` picks
// cards, a compact list, or month groups for the archives.
import { Trans } from '@lingui/react/macro';
import type { NewsSummary } from '../../api/news.ts';
import { newsListKey, useNewsList, type NewsSource } from '../../flows/news.tsx';
import { useInitialPage } from '../../flows/initialPage.ts';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { Pagination } from '../../components/content/Pagination.tsx';
import { NewsCard } from './NewsCard.tsx';
import { groupByMonth } from './groupByMonth.ts';

function Cards({ items }: { items: NewsSummary[] }) {
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.slug}>
          <NewsCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function Compact({ items }: { items: NewsSummary[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => (
        <li key={item.slug}>
          <NewsCard item={item} compact />
        </li>
      ))}
    </ul>
  );
}

function Months({ items }: { items: NewsSummary[] }) {
  return (
    <div className="space-y-8">
      {groupByMonth(items).map((group) => (
        <section key={group.key} aria-labelledby={`month-${group.key}`}>
          <h2 id={`month-${group.key}`} className="text-lg font-semibold text-navy-900">
            {group.label}
          </h2>
          <div className="mt-2 rounded-2xl border border-slate-200 bg-white px-5">
            <Compact items={group.items} />
          </div>
        </section>
      ))}
    </div>
  );
}

const layouts = { cards: Cards, compact: Compact, months: Months };

export function PagedNews({ source, size, layout }: { source: NewsSource; size: number; layout: keyof typeof layouts }) {
  // A server-rendered news page carries the first page of its lists.
  const preloaded = useInitialPage()?.newsLists?.[newsListKey(source, size)] ?? null;
  const { items, count, page, pages, loading: busy, failed, retry, goTo } = useNewsList(source, size, preloaded);
  const empty = !busy && !failed && count === 0;

  if (failed) return <LoadFailed onRetry={retry} />;
  if (busy && items.length === 0) return <LoadingBlock />;
  if (empty) {
    return (
      <p className="text-slate-600">
        <Trans>Nothing has been published yet.</Trans>
      </p>
    );
  }
  const List = layouts[layout];
  return (
    <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : ''}>
      <List items={items} />
      <Pagination page={page} pages={pages} busy={busy} onChange={goTo} />
    </div>
  );
}
