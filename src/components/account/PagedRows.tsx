// The frame of an account list drawn as rows: the first load, a failure with Retry or the empty text, then the
// rows and the pager. A row is the item's details on the left and its status on the right (wrapping on a phone).
import type { ReactNode } from 'react';
import { ListState } from '../lists/ListState.tsx';
import { Pager } from '../lists/Pager.tsx';
import type { PagedListView } from '../../flows/pagedList.ts';

export interface PagedRowsProps<Item extends { id: number }> {
  list: PagedListView<Item>;
  emptyText: ReactNode;
  /** The row's content: its details, then its status. */
  renderRow: (item: Item) => ReactNode;
}

export function PagedRows<Item extends { id: number }>({ list, emptyText, renderRow }: PagedRowsProps<Item>) {
  return (
    <div aria-busy={list.loading}>
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.retry}
        emptyText={emptyText}
      />
      {!list.failed && list.items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              {renderRow(item)}
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} disabled={list.loading} onChange={list.goTo} />
    </div>
  );
}
