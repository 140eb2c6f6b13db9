import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagedRows } from '../../../src/components/account/PagedRows.tsx';
import type { PagedListView } from '../../../src/flows/pagedList.ts';
import { renderWithI18n } from '../render.tsx';

type Row = { id: number; name: string };

function view(patch: Partial<PagedListView<Row>>): PagedListView<Row> {
  return {
    items: [],
    count: 0,
    page: 1,
    pages: 1,
    filters: { date_from: null, date_to: null },
    loading: false,
    failed: false,
    error: null,
    goTo: vi.fn(),
    filter: vi.fn(),
    retry: vi.fn(),
    reload: vi.fn(),
    ...patch,
  };
}

const renderRow = (row: Row) => row.name;

describe('PagedRows', () => {
  it('draws each row and the pager', async () => {
    const list = view({
      items: [
        { id: 1, name: 'first' },
        { id: 2, name: 'second' },
      ],
      page: 1,
      pages: 2,
    });
    renderWithI18n(<PagedRows list={list} emptyText="Nothing" renderRow={renderRow} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(list.goTo).toHaveBeenCalledWith(2);
  });

  it('says the list is empty', () => {
    renderWithI18n(<PagedRows list={view({})} emptyText="Nothing yet" renderRow={renderRow} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers Retry instead of the rows when the load failed', async () => {
    const list = view({ failed: true, items: [{ id: 1, name: 'stale' }] });
    renderWithI18n(<PagedRows list={list} emptyText="Nothing" renderRow={renderRow} />);
    expect(screen.queryByText('stale')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.retry).toHaveBeenCalledOnce();
  });
});
