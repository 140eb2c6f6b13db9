// The news section's flows bound to the news calls: a paged list per source (news or updates, current or archived)
// and one item by its slug.
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../../machines/pagedList.ts';
import { resourceLoadMachine, type ResourceParams } from '../../../machines/resourceLoad.ts';
import { withErrorBody } from '../../api/errors.ts';
import {
  fetchNewsArchivePage,
  fetchNewsItem,
  fetchNewsPage,
  type NewsKind,
  type NewsPageQuery,
} from '../../api/news.ts';

function newsList(kind: NewsKind, fetchPage: (query: NewsPageQuery) => Promise<PageResult>) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<PageResult, PageQuery>(({ input }) =>
        withErrorBody(() => fetchPage({ kind, page: input.page, size: input.size })),
      ),
    },
  });
}

export const wiredNewsListMachines = {
  news: newsList('news', fetchNewsPage),
  update: newsList('update', fetchNewsPage),
  'archive-news': newsList('news', fetchNewsArchivePage),
  'archive-update': newsList('update', fetchNewsArchivePage),
};

/** One item: its slug comes in as the flow's `params`; null (shown as 404) when there is no such item. */
export const wiredNewsItemMachine = resourceLoadMachine.provide({
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(({ input: slug }) =>
      withErrorBody(() => fetchNewsItem(slug ?? '')),
    ),
  },
});
