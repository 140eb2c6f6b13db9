// /api/v1/news/: paged list with kind filter, items by slug, archives of older items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../server/db/schema/news.ts';
import { ARCHIVE_AFTER_DAYS } from '../../server/content/news.ts';
import { seedNews } from '../../server/seed/news.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';

let test: TestApp;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  test = await startTestApp();
  // One scheduled item, not to be shown before its date.
  await test.database.db.insert(news).values({
    slug: 'scheduled-item',
    kind: 'news',
    title: 'Будущая новость',
    excerpt: 'Ещё не опубликована.',
    body: ['Текст.'],
    publishedAt: new Date(Date.now() + DAY_MS),
  });
});
afterAll(async () => {
  await test.close();
});

interface Item {
  slug: string;
  kind: string;
  publishedAt: string;
}

describe('news list', () => {
  it('pages published items newest first', async () => {
    const all = await call(test, 'GET', '/api/v1/news/');
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(6);
    const dates = (all.body.results as Item[]).map((item) => Date.parse(item.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((all.body.results as Item[]).some((item) => item.slug === 'scheduled-item')).toBe(false);
    expect(all.body.results[0]).toEqual({
      slug: expect.any(String),
      kind: expect.stringMatching(/^(news|update)$/),
      title: expect.any(String),
      excerpt: expect.any(String),
      body: expect.arrayContaining([expect.any(String)]),
      publishedAt: expect.any(String),
    });

    const first = await call(test, 'GET', '/api/v1/news/?size=3');
    expect(first.body.results).toHaveLength(3);
    expect(first.body.next).toBe('http://127.0.0.1:4290/api/v1/news/?size=3&page=2');
    const second = await call(test, 'GET', '/api/v1/news/?size=3&page=2');
    expect(second.body.results[0].slug).toBe(all.body.results[3].slug);
    const beyond = await call(test, 'GET', '/api/v1/news/?page=99');
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.next).toBeNull();
  });

  it('filters by kind and refuses unknown kinds and bad paging', async () => {
    const updates = await call(test, 'GET', '/api/v1/news/?kind=update');
    expect(updates.body.count).toBeGreaterThan(0);
    expect((updates.body.results as Item[]).every((item) => item.kind === 'update')).toBe(true);
    const onlyNews = await call(test, 'GET', '/api/v1/news/?kind=news');
    expect((onlyNews.body.results as Item[]).every((item) => item.kind === 'news')).toBe(true);
    expect(onlyNews.body.count + updates.body.count).toBe((await call(test, 'GET', '/api/v1/news/')).body.count);
    for (const query of ['?kind=gossip', '?size=1000', '?page=-1']) {
      const result = await call(test, 'GET', `/api/v1/news/${query}`);
      expect(result.status).toBe(400);
    }
  });

  it('answers under /en too (the content stays Russian)', async () => {
    const english = await call(test, 'GET', '/en/api/v1/news/?size=1');
    expect(english.status).toBe(200);
    expect(english.body.next).toMatch(/^http:\/\/127\.0\.0\.1:4290\/en\/api\/v1\/news\//);
  });
});

describe('news item', () => {
  it('is found by slug; unknown, malformed and scheduled slugs are 404', async () => {
    const item = await call(test, 'GET', '/api/v1/news/ton-to-rub-via-sbp/');
    expect(item.status).toBe(200);
    expect(item.body.title).toBe('Обмен TON на рубли через СБП');
    expect(item.body.body.length).toBeGreaterThan(1);
    for (const slug of ['no-such-news', 'UPPER', 'scheduled-item', '%27%3B--']) {
      const result = await call(test, 'GET', `/api/v1/news/${slug}/`);
      expect(result.status).toBe(404);
      expect(typeof result.body.detail).toBe('string');
    }
  });
});

describe('archives', () => {
  it(`hold only items of their kind older than ${ARCHIVE_AFTER_DAYS} days`, async () => {
    const cutoff = Date.now() - ARCHIVE_AFTER_DAYS * DAY_MS;
    for (const [url, kind] of [
      ['/api/v1/news/archive/news/', 'news'],
      ['/api/v1/news/archive/updates/', 'update'],
    ] as const) {
      const archive = await call(test, 'GET', url);
      expect(archive.status).toBe(200);
      expect(archive.body.count).toBeGreaterThan(0);
      for (const item of archive.body.results as Item[]) {
        expect(item.kind).toBe(kind);
        expect(Date.parse(item.publishedAt)).toBeLessThan(cutoff);
      }
    }
    const all = (await call(test, 'GET', '/api/v1/news/?size=100')).body.results as Item[];
    const recent = all.filter((item) => Date.parse(item.publishedAt) >= cutoff).map((item) => item.slug);
    const archived = [
      ...((await call(test, 'GET', '/api/v1/news/archive/news/')).body.results as Item[]),
      ...((await call(test, 'GET', '/api/v1/news/archive/updates/')).body.results as Item[]),
    ].map((item) => item.slug);
    expect(archived.filter((slug) => recent.includes(slug))).toEqual([]);
  });
});

describe('seedNews', () => {
  it('adds nothing on a second run', async () => {
    expect(await seedNews(test.database.db)).toBe(0);
  });
});
