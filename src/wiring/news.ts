// The news section's flows bound to the news calls: a paged list per source (news or updates, current or archived)
// and one item by its slug.
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../machines/pagedList.ts';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';
import { withErrorBody } from '../api/errors.ts';
import type { NewsKind } from '../api/news.ts';

// The call module (and the zod schemas it parses with) is imported on the first call.
const newsCalls = () => import('../api/news.ts');

function newsList(kind: NewsKind, archived: boolean) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult, PageQuery>(async ({ input }) => {
        const calls = await newsCalls();
        const fetchPage = archived ? calls.fetchNewsArchivePage : calls.fetchNewsPage;
        return withErrorBody(() => fetchPage({ kind, page: input.page, size: input.size }));
      }),
    },
  });
}

export const wiredNewsListMachines = {
  news: newsList('news', false),
  update: newsList('update', false),
  'archive-news': newsList('news', true),
  'archive-update': newsList('update', true),
};

/** One item: its slug comes in as the flow's `params`; null (shown as 404) when there is no such item. */
export const wiredNewsItemMachine = resourceLoadMachine.provide({
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(async ({ input: slug }) => {
      const { fetchNewsItem } = await newsCalls();
      return withErrorBody(() => fetchNewsItem(slug ?? ''));
    }),
  },
});
