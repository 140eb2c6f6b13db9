// The news lists through their flows' seam: the real pagedList machine with a fake page call provided for one
// source through NewsListProvider (no module mocking): the pages asked for, the empty list and the retry.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../../../machines/pagedList.ts';
import type { NewsSummary } from '../../../../src/api/news.ts';
import { NewsListProvider, newsListKey, type NewsSource } from '../../../../src/flows/news.tsx';
import { InitialPageContext, type InitialPage } from '../../../../src/flows/initialPage.ts';
import { PagedNews } from '../../../../src/pages/news/PagedNews.tsx';
import { renderWithI18n } from '../../render.tsx';

function summary(n: number): NewsSummary {
  return { slug: `item-${n}`, kind: 'update', title: `Update ${n}`, excerpt: `What changed in ${n}`, publishedAt: '2026-10-05T09:00:00Z' };
}

function renderList(
  source: NewsSource,
  fetchPage: (query: PageQuery) => Promise<PageResult<NewsSummary>>,
  layout: 'cards' | 'months' = 'cards',
  rendered: InitialPage['newsLists'] = null,
) {
  const asked = vi.fn(fetchPage);
  const logic = pagedListMachine.provide({ actors: { fetchPage: fromPromise<PageResult, PageQuery>(({ input }) => asked(input)) } });
  const initial = { pathname: '/en/news', search: '', newsLists: rendered } as InitialPage;
  renderWithI18n(
    <InitialPageContext.Provider value={rendered ? initial : null}>
      <NewsListProvider source={source} logic={logic}>
        <PagedNews source={source} size={2} layout={layout} />
      </NewsListProvider>
    </InitialPageContext.Provider>,
    { locale: 'en', path: '/en/news' },
  );
  return asked;
}

describe('PagedNews', () => {
  it('shows the first page of its source and moves to the next', async () => {
    const asked = renderList('news', async ({ page }) => ({ count: 3, results: page === 1 ? [summary(1), summary(2)] : [summary(3)] }));
    expect(await screen.findByRole('link', { name: 'Update 1' })).toHaveAttribute('href', '/en/news/item-1');
    expect(screen.getByText('What changed in 2')).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith({ page: 1, size: 2, date_from: null, date_to: null });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Update 3' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked).toHaveBeenLastCalledWith({ page: 2, size: 2, date_from: null, date_to: null });
  });

  it('starts from the first page the server rendered, and asks for the next one only', async () => {
    const asked = renderList('update', async () => ({ count: 3, results: [summary(3)] }), 'cards', {
      [newsListKey('update', 2)]: { count: 3, results: [summary(1), summary(2)] },
      // Another list's page is not this one's.
      [newsListKey('news', 2)]: { count: 1, results: [summary(9)] },
    });
    expect(screen.getByRole('link', { name: 'Update 1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Update 9' })).toBeNull();
    expect(asked).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Update 3' })).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith({ page: 2, size: 2, date_from: null, date_to: null });
  });

  it('groups an archive by month', async () => {
    renderList('archive-update', async () => ({ count: 1, results: [summary(4)] }), 'months');
    const month = await screen.findByRole('region', { name: /2026/ });
    expect(within(month).getByRole('link', { name: 'Update 4' })).toBeInTheDocument();
  });

  it('says when nothing has been published', async () => {
    renderList('update', async () => ({ count: 0, results: [] }));
    expect(await screen.findByText('Nothing has been published yet.')).toBeInTheDocument();
  });

  it('offers a retry after a failed load', async () => {
    let calls = 0;
    const asked = renderList('archive-news', async () => {
      calls += 1;
      if (calls === 1) throw { code: 'network_error' };
      return { count: 1, results: [summary(5)] };
    });
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button'));
    expect(await screen.findByRole('link', { name: 'Update 5' })).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
