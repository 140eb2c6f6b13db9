// /news/archive/news and /news/archive/updates (Russian only): every item of one kind, grouped by month.
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Page } from '../../components/layout/Page.tsx';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { useResourceLoad } from '../../components/content/useResourceLoad.ts';
import { fetchNewsArchive, type NewsKind, type NewsSummary } from '../../api/news.ts';
import { NewsCard } from './NewsCard.tsx';

/** Items (newest first) grouped under "ноябрь 2026"-style headings, keeping the order. */
export function groupByMonth(items: readonly NewsSummary[]): { key: string; label: string; items: NewsSummary[] }[] {
  const format = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric' });
  const groups: { key: string; label: string; items: NewsSummary[] }[] = [];
  for (const item of items) {
    const key = item.publishedAt.slice(0, 7);
    let group = groups.at(-1);
    if (group?.key !== key) {
      const label = format.format(new Date(item.publishedAt)).replace(/\s*г\.$/, '');
      group = { key, label: label.charAt(0).toUpperCase() + label.slice(1), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

function Archive({ kind }: { kind: NewsKind }) {
  const { t } = useLingui();
  const { status, data: items, retry } = useResourceLoad(() => fetchNewsArchive(kind));
  if (status === 'failed') return <LoadFailed onRetry={retry} />;
  if (status === 'loading' || !items) return <LoadingBlock />;
  if (items.length === 0) return <p className="text-slate-600">{t`Nothing has been published yet.`}</p>;
  return (
    <div className="space-y-8">
      {groupByMonth(items).map((group) => (
        <section key={group.key} aria-labelledby={`month-${group.key}`}>
          <h2 id={`month-${group.key}`} className="text-lg font-semibold text-navy-900">
            {group.label}
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-5">
            {group.items.map((item) => (
              <li key={item.slug}>
                <NewsCard item={item} compact />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function NewsArchivePage() {
  const { t } = useLingui();
  const [pathname] = useLocation();
  const kind: NewsKind = pathname.endsWith('/updates') ? 'update' : 'news';
  return (
    <Page title={kind === 'news' ? t`News archive` : t`Updates archive`} breadcrumb={[{ path: '/news', label: t`News` }]} narrow>
      <Archive key={kind} kind={kind} />
    </Page>
  );
}
