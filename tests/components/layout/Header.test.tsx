import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '../../../src/components/layout/Header.tsx';
import { LocaleProvider } from '../../../src/flows/locale.tsx';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from './fakeSettings.ts';

function renderHeader(path: string) {
  serveSettings(settings({ contestStatus: false }));
  return renderWithI18n(
    <LocaleProvider>
      <Header />
    </LocaleProvider>,
    { locale: path.startsWith('/en') ? 'en' : 'ru', path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('in Russian links the logo home and lists every menu item', async () => {
    renderHeader('/rules');
    const menu = (await screen.findAllByRole('navigation', { name: 'Главное меню' }))[0]!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Правила', 'Партнёрам', 'AML/KYC', 'Новости', 'FAQ', 'Контакты']);
    expect(within(menu).getByRole('link', { name: 'Правила' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /главная страница/ })).toHaveAttribute('href', '/');
  });

  it('in English hides News and links into /en', async () => {
    renderHeader('/en/faq');
    const menu = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0]!;
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Rules', 'Partners', 'AML/KYC', 'FAQ', 'Contacts']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/en/rules',
      '/en/partners',
      '/en/aml',
      '/en/faq',
      '/en/contacts',
    ]);
    expect(screen.getByRole('link', { name: /home page/ })).toHaveAttribute('href', '/en');
  });

  it('the burger opens the menu and locks the page scroll; choosing an item closes it and navigates', async () => {
    const { location } = renderHeader('/en');
    const burger = await screen.findByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);

    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    const panel = document.getElementById('mobile-menu')!;
    await userEvent.click(within(panel).getByRole('link', { name: 'FAQ' }));

    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('');
    expect(location.history?.at(-1)).toBe('/en/faq');
  });

  it('Register in the burger menu closes it', async () => {
    renderHeader('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть меню' }));
    const panel = document.getElementById('mobile-menu')!;
    await userEvent.click(within(panel).getByRole('link', { name: 'Регистрация' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('leaving the page with the menu open releases the page scroll', async () => {
    const { unmount } = renderHeader('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть меню' }));
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('');
  });

  it('Escape closes the burger menu', async () => {
    renderHeader('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть меню' }));
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
