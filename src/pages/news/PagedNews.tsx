// A paged list of one kind of news, driven by the pagedList machine (page changes, loading, failure, retry).
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { pagedListMachine, pageCount, type PageQuery, type PageResult } from '../../../machines/pagedList.ts';
import { fetchNewsPage, type NewsKind, type NewsSummary } from '../../api/news.ts';
import { errorBody } from '../../api/client.ts';
import { LoadFailed, LoadingBlock } from '../../components/content/LoadState.tsx';
import { Pagination } from '../../components/content/Pagination.tsx';
import { NewsCard } from './NewsCard.tsx';

function listMachine(kind: NewsKind) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult, PageQuery>(async ({ input }) => {
        try {
          return await fetchNewsPage({ kind, page: input.page, size: input.size });
        } catch (error) {
          throw await errorBody(error);
        }
      }),
    },
  });
}

const machines = { news: listMachine('news'), update: listMachine('update') };

export function PagedNews({ kind, size, compact = false }: { kind: NewsKind; size: number; compact?: boolean }) {
  const actor = useActorRef(machines[kind], { input: { size } });
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
  return (
    <div aria-busy={busy}>
      <ul className={compact ? 'divide-y divide-slate-200' : 'space-y-4'}>
        {items.map((item) => (
          <li key={item.slug}>
            <NewsCard item={item} compact={compact} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} busy={busy} onChange={(next) => actor.send({ type: 'page.changed', page: next })} />
    </div>
  );
}
