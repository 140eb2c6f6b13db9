import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { LanguageSwitcher } from '../../../src/components/layout/LanguageSwitcher.tsx';
import { LocaleProvider } from '../../../src/flows/locale.tsx';
import { apiPrefix } from '../../../src/api/credentials.ts';
import { renderWithI18n } from '../render.tsx';

function renderSwitcher(path: string) {
  document.cookie = 'lang=; Max-Age=0; Path=/';
  return renderWithI18n(
    <LocaleProvider>
      <LanguageSwitcher />
    </LocaleProvider>,
    { locale: path.startsWith('/en') ? 'en' : 'ru', path },
  );
}

describe('LanguageSwitcher', () => {
  it('offers both languages with accessible names and marks the current one', async () => {
    renderSwitcher('/rules');
    const ru = await screen.findByRole('link', { name: 'Русский' });
    const en = screen.getByRole('link', { name: 'English' });
    expect(ru).toHaveAttribute('aria-current', 'true');
    expect(en).not.toHaveAttribute('aria-current');
    expect(en).toHaveAttribute('href', '/en/rules');
  });

  it('goes to the same page in English keeping the query string, and remembers the choice', async () => {
    const { location } = renderSwitcher('/?cur_from=BTC&cur_to=SBERRUB');
    const en = await screen.findByRole('link', { name: 'English' });
    expect(en).toHaveAttribute('href', '/en?cur_from=BTC&cur_to=SBERRUB');
    await userEvent.click(en);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/en?cur_from=BTC&cur_to=SBERRUB'));
    expect(document.cookie).toMatch(/(^|; )lang=en/);
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(apiPrefix()).toBe('/en');
  });

  it('goes back to Russian from an English page, with the parameters that make a page and no others', async () => {
    const { location } = renderSwitcher('/en/faq?x=1&ref=partner7');
    const ru = await screen.findByRole('link', { name: 'Русский' });
    expect(ru).toHaveAttribute('href', '/faq?ref=partner7');
    await userEvent.click(ru);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/faq?ref=partner7'));
    expect(document.cookie).toMatch(/(^|; )lang=ru/);
    expect(i18n.locale).toBe('ru');
    expect(apiPrefix()).toBe('');
  });
});
