import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Footer } from '../../../src/components/layout/Footer.tsx';
import { forgetSettings } from '../../../src/wiring/settings.ts';
import { FALLBACK_SUPPORT_EMAIL } from '../../../src/content/brand.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from './fakeSettings.ts';

beforeEach(() => forgetSettings());
afterEach(() => vi.unstubAllGlobals());

describe('Footer', () => {
  it('states the age limit, the rating sites, social links and the copyright of this year', async () => {
    serveSettings(settings());
    renderWithI18n(<Footer />, { locale: 'en' });
    expect(screen.getByText('18+')).toBeInTheDocument();
    expect(screen.getByText('The service is intended only for persons over 18 years of age.')).toBeInTheDocument();
    for (const name of ['BestChange', 'exchangesumo', 'kurs.expert', 'Telegram', 'VK', 'X', 'YouTube']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@example.test' })).toHaveAttribute(
      'href',
      'mailto:help@example.test',
    );
  });

  it('shows the fallback support e-mail until the settings answer', () => {
    serveSettings(settings());
    renderWithI18n(<Footer />, { locale: 'ru' });
    expect(screen.getByRole('link', { name: FALLBACK_SUPPORT_EMAIL })).toBeInTheDocument();
    expect(screen.getByText('Сервис предназначен только для лиц старше 18 лет.')).toBeInTheDocument();
  });

  it('applies the English allow-list to its menu', () => {
    serveSettings(settings());
    renderWithI18n(<Footer />, { locale: 'en' });
    const menu = screen.getByRole('navigation', { name: 'Footer menu' });
    expect(within(menu).queryByRole('link', { name: 'News' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Rules' })).toHaveAttribute('href', '/en/rules');
  });
});
