// The archives list items under month headings ("Ноябрь 2026"), keeping the newest-first order.
import type { NewsSummary } from '../../api/news.ts';

export interface MonthGroup {
  /** YYYY-MM */
  key: string;
  label: string;
  items: NewsSummary[];
}

export function groupByMonth(items: readonly NewsSummary[]): MonthGroup[] {
  const format = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
  const groups: MonthGroup[] = [];
  for (const item of items) {
    const date = new Date(item.publishedAt);
    const label = format.format(date).replace(/\s*г\.$/, '');
    let group = groups.at(-1);
    if (group?.label.toLowerCase() !== label.toLowerCase()) {
      group = { key: date.toISOString().slice(0, 7), label: label.charAt(0).toUpperCase() + label.slice(1), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
