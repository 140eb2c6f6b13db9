import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContestBanner } from '../../../src/components/layout/ContestBanner.tsx';
import { forgetSettings } from '../../../src/wiring/settings.ts';
import { renderWithI18n } from '../render.tsx';
import { serveSettings, settings } from './fakeSettings.ts';

beforeEach(() => {
  window.localStorage.clear();
  forgetSettings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContestBanner', () => {
  it('shows the invitation while the contest is active; closing it is remembered for this contest', async () => {
    const requested = serveSettings(settings());
    const first = renderWithI18n(<ContestBanner />, { locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Contest terms' })).toHaveAttribute('href', '/en/concurs');
    expect(requested.some((url) => url.includes('/api/v1/calculator/settings/'))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Close the contest banner' }));
    expect(screen.queryByRole('link', { name: 'Contest terms' })).toBeNull();
    expect(window.localStorage.getItem('contestBanner.dismissed.2026-11-01T00:00:00Z')).toBe('1');
    first.unmount();

    // A new page view: the settings still say active, the banner stays closed.
    renderWithI18n(<ContestBanner />, { locale: 'en' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('link', { name: 'Contest terms' })).toBeNull();
  });

  it('shows again for a new contest', async () => {
    window.localStorage.setItem('contestBanner.dismissed.2025-01-01T00:00:00Z', '1');
    serveSettings(settings());
    renderWithI18n(<ContestBanner />, { locale: 'ru' });
    expect(await screen.findByRole('link', { name: 'Условия конкурса' })).toHaveAttribute('href', '/concurs');
  });

  it('stays hidden while no contest is active', async () => {
    const requested = serveSettings(settings({ contestStatus: false }));
    renderWithI18n(<ContestBanner />, { locale: 'en' });
    await waitFor(() => expect(requested.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('button', { name: 'Close the contest banner' })).toBeNull();
  });
});
