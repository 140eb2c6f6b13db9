// One news entry in a list: date, linked title, excerpt.
import { LocalLink } from '../../components/ui/LocalLink.tsx';
import { formatDate } from '../../components/content/formatDate.ts';
import type { NewsSummary } from '../../api/news.ts';

export function NewsCard({ item, compact = false }: { item: NewsSummary; compact?: boolean }) {
  return (
    <article className={compact ? 'py-3' : 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'}>
      <time dateTime={item.publishedAt} className="text-sm text-slate-600">
        {formatDate(item.publishedAt, 'ru')}
      </time>
      <h3 className={compact ? 'mt-0.5 font-semibold' : 'mt-1 text-lg font-semibold'}>
        <LocalLink to={`/news/${item.slug}`} className="text-navy-900 hover:text-brand-700 hover:underline">
          {item.title}
        </LocalLink>
      </h3>
      {!compact && <p className="mt-2 leading-relaxed text-slate-700">{item.excerpt}</p>}
    </article>
  );
}
