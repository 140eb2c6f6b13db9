import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Breadcrumb } from '../../../src/components/layout/Breadcrumb.tsx';
import { renderWithI18n } from '../render.tsx';

describe('Breadcrumb', () => {
  it("starts with 'Home', links the items and ends with the current title", () => {
    renderWithI18n(<Breadcrumb items={[{ path: '/partners', label: 'Partners' }]} title="Monitoring" />, {
      locale: 'en',
    });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(within(nav).getByRole('link', { name: 'Partners' })).toHaveAttribute('href', '/en/partners');
    expect(within(nav).getByText('Monitoring')).toHaveAttribute('aria-current', 'page');
  });

  it('without a title the last item is the current page', () => {
    renderWithI18n(<Breadcrumb items={[{ path: '/news', label: 'Новости' }]} />, { locale: 'ru' });
    const nav = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(within(nav).getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Новости')).toHaveAttribute('aria-current', 'page');
  });
});
