// A paged list of news or updates (or of their archives), driven by the pagedList machine: page changes,
// loading, failure and retry. `layout` picks cards, a compact list, or month groups for the archives.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { pagedListMachine, pageCount, type PageQuery, type PageResult } from '../../../machines/pagedList.ts';
import { fetchNewsArchivePage, fetchNewsPage, type NewsKind, type NewsPageQuery, type NewsSummary } from '../../api/news.ts';
import { errorBody } from '../../api/errors.ts';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { Pagination } from '../../components/content/Pagination.tsx';
import { NewsCard } from './NewsCard.tsx';
import { groupByMonth } from './groupByMonth.ts';

function listMachine(kind: NewsKind, fetch: (query: NewsPageQuery) => Promise<PageResult>) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult, PageQuery>(async ({ input }) => {
        try {
          return await fetch({ kind, page: input.page, size: input.size });
        } catch (error) {
          throw await errorBody(error);
        }
      }),
    },
  });
}

const machines = {
  news: listMachine('news', fetchNewsPage),
  update: listMachine('update', fetchNewsPage),
  'archive-news': listMachine('news', fetchNewsArchivePage),
  'archive-update': listMachine('update', fetchNewsArchivePage),
};

export type NewsSource = keyof typeof machines;

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
  const actor = useActorRef(machines[source], { input: { size } });
  const items = useSelector(actor, (s) => s.context.items as NewsSummary[]);
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, (s) => pageCount(s.context.count, s.context.size));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches('ready') && s.context.count === 0);

  if (failed) return <LoadFailed onRetry={() => actor.send({ type: 'retry' })} />;
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
      <Pagination page={page} pages={pages} busy={busy} onChange={(next) => actor.send({ type: 'page.changed', page: next })} />
    </div>
  );
}
