import { describe, expect, it } from 'vitest';
import { groupByMonth } from '../../../src/pages/news/groupByMonth.ts';
import type { NewsSummary } from '../../../src/api/news.ts';

const item = (slug: string, publishedAt: string): NewsSummary => ({ slug, kind: 'news', title: slug, excerpt: '', publishedAt });

describe('groupByMonth', () => {
  it('groups newest-first items under capitalised Russian month headings, in order', () => {
    const groups = groupByMonth([
      item('a', '2026-11-20T10:00:00Z'),
      item('b', '2026-11-02T10:00:00Z'),
      item('c', '2026-10-31T12:00:00Z'),
      item('d', '2025-10-05T12:00:00Z'),
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.slug)])).toEqual([
      ['Ноябрь 2026', ['a', 'b']],
      ['Октябрь 2026', ['c']],
      ['Октябрь 2025', ['d']],
    ]);
  });

  it('reads the month in Moscow time (a late-evening UTC item belongs to the next Moscow day)', () => {
    const [group] = groupByMonth([item('x', '2026-10-31T22:30:00Z')]);
    expect(group!.label).toBe('Ноябрь 2026');
  });
});
