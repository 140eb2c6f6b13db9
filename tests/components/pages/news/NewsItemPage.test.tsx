// A news item's page through its flow's seam: the real resourceLoad machine with a fake item call provided through
// NewsItemProvider (no module mocking): the slug it asks for, the server-rendered item, 404 and the retry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../../machines/resourceLoad.ts';
import type { NewsItem } from '../../../../src/api/schemas/news.ts';
import { NewsItemProvider } from '../../../../src/flows/news.tsx';
import { InitialPageContext, type InitialPage } from '../../../../src/flows/initialPage.ts';
import NewsItemPage from '../../../../src/pages/news/NewsItemPage.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { renderWithI18n } from '../../render.tsx';

const ITEM: NewsItem = {
  slug: 'new-directions',
  kind: 'news',
  title: 'Новые направления обмена',
  excerpt: 'Добавили TON.',
  body: ['Теперь можно обменять TON на рубли.', 'Курс обновляется каждую минуту.'],
  publishedAt: '2026-11-20T10:00:00Z',
};

/** The item call answers from `answers` in turn (an Error rejects); `asked` records the slugs. */
function fakeItem(answers: (NewsItem | null | Error)[]) {
  const asked: ResourceParams[] = [];
  const logic = resourceLoadMachine.provide({
    actors: {
      fetchResource: fromPromise<unknown, ResourceParams>(async ({ input }) => {
        const answer = answers[Math.min(asked.length, answers.length - 1)]!;
        asked.push(input);
        if (answer instanceof Error) throw { code: 'network_error' };
        return answer;
      }),
    },
  });
  return { logic, asked };
}

function renderItem(logic: ReturnType<typeof fakeItem>['logic'], rendered: NewsItem | null = null) {
  const initial = { pathname: `/news/${ITEM.slug}`, search: '', newsItem: rendered } as InitialPage;
  return renderWithI18n(
    <InitialPageContext.Provider value={rendered ? initial : null}>
      <NewsItemProvider logic={logic}>
        <Route path="/news/:slug">
          <NewsItemPage />
        </Route>
      </NewsItemProvider>
    </InitialPageContext.Provider>,
    { locale: 'ru', path: `/news/${ITEM.slug}` },
  );
}

beforeEach(() => serveSettings(settings({ contest: null, contestStatus: false })));
afterEach(() => vi.unstubAllGlobals());

describe('NewsItemPage', () => {
  it('loads the item of the address and shows it with its paragraphs', async () => {
    const { logic, asked } = fakeItem([ITEM]);
    renderItem(logic);
    expect(await screen.findByRole('heading', { level: 1, name: ITEM.title })).toBeInTheDocument();
    expect(screen.getByText('Курс обновляется каждую минуту.')).toBeInTheDocument();
    expect(asked).toEqual([ITEM.slug]);
  });

  it('shows the item the server rendered at once, loading nothing', async () => {
    const { logic, asked } = fakeItem([new Error('not asked')]);
    renderItem(logic, ITEM);
    expect(screen.getByRole('heading', { level: 1, name: ITEM.title })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([]);
  });

  it('shows the 404 page for a slug the server does not know', async () => {
    const { logic } = fakeItem([null]);
    renderItem(logic);
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });

  it('offers a retry after a failed load, and asks for the same slug again', async () => {
    const { logic, asked } = fakeItem([new Error('offline'), ITEM]);
    renderItem(logic);
    const failure = await screen.findByRole('alert');
    await userEvent.click(within(failure).getByRole('button'));
    expect(await screen.findByRole('heading', { level: 1, name: ITEM.title })).toBeInTheDocument();
    expect(asked).toEqual([ITEM.slug, ITEM.slug]);
  });
});
