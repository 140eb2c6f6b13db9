// The orders page through its flow's seam: the real pagedList machine with a fake page call provided through
// MyClaimsProvider (no module mocking), checked by what the user sees and which pages were asked for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageQuery, type PageResult } from '../../../../machines/pagedList.ts';
import OrdersPage from '../../../../src/pages/account/OrdersPage.tsx';
import type { ClaimListItem } from '../../../../src/api/schemas/claim.ts';
import { MyClaimsProvider } from '../../../../src/flows/myClaims.ts';
import { renderWithI18n } from '../../render.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { demoUser, fakeSession, withSession } from '../../auth/sessionFixture.tsx';

const claims = vi.fn<(query: PageQuery) => Promise<PageResult<ClaimListItem>>>();
const fakeMyClaims = pagedListMachine.provide({ actors: { fetchPage: fromPromise<PageResult, PageQuery>(({ input }) => claims(input)) } });
const firstPage = { page: 1, size: 10, date_from: null, date_to: null };

const currency = (id: number, code: string, unit: string) => ({ id, code, name: code, network: null, kind: 'crypto' as const, unit, icon: code });

function claim(n: number, status: ClaimListItem['status'] = 'awaiting_payment'): ClaimListItem {
  return {
    uuid: `uuid-${n}`,
    status,
    from: { currency: currency(1, 'BTC', 'BTC'), summa: '0.0015' },
    to: { currency: currency(7, 'SBERRUB', 'RUB'), summa: '13214.5' },
    createdAt: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
  };
}

function renderPage(locale: 'ru' | 'en' = 'en') {
  const { actor } = fakeSession({ user: demoUser });
  const page = (
    <MyClaimsProvider logic={fakeMyClaims}>
      <OrdersPage />
    </MyClaimsProvider>
  );
  return renderWithI18n(withSession(page, actor), { locale, path: locale === 'en' ? '/en/account/orders' : '/account/orders' });
}

beforeEach(() => {
  serveSettings(settings({ contestStatus: false }));
  claims.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('OrdersPage', () => {
  it('lists the claims with status, amounts and a link to each, in the account menu', async () => {
    claims.mockResolvedValue({ count: 2, results: [claim(1), claim(2, 'completed')] });
    renderPage('ru');
    const first = (await screen.findByRole('link', { name: 'Открыть заявку UUID-1' })).closest('li')!;
    expect(within(first).getByText('Ожидает оплаты')).toBeInTheDocument();
    expect(first).toHaveTextContent('0,0015 BTC');
    expect(first).toHaveTextContent('13 214,5 RUB');
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/claim/uuid-1');
    expect(screen.getByText('Выполнена')).toBeInTheDocument();
    expect(claims).toHaveBeenCalledWith(firstPage);
    const menu = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(menu).getByRole('link', { name: 'Заявки' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).toBeNull();
  });

  it('pages through a long list', async () => {
    claims.mockImplementation(async ({ page }) => ({ count: 25, results: [claim(page)] }));
    renderPage();
    await screen.findByRole('link', { name: 'Open the request UUID-1' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Open the request UUID-2' })).toHaveAttribute('href', '/en/claim/uuid-2');
    expect(claims).toHaveBeenLastCalledWith({ ...firstPage, page: 2 });
  });

  it('says when there are no claims, and offers a retry after a failure', async () => {
    claims.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ count: 0, results: [] });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no exchange requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make an exchange' })).toHaveAttribute('href', '/en');
  });

  it('hides the Russian-only sections in English', async () => {
    claims.mockResolvedValue({ count: 0, results: [] });
    renderPage('en');
    const menu = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Account', 'Exchange requests', 'Referrals', 'Promo materials', 'Settings']);
  });
});
