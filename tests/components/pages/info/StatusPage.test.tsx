// The status page through its flow's seam: the real resourceLoad machine with a fake status call provided through
// StatusProvider: offered and paused directions with the reason in plain words, in both languages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../../machines/resourceLoad.ts';
import type { Currency } from '../../../../src/api/schemas/calculator.ts';
import type { StatusResponse } from '../../../../src/api/schemas/status.ts';
import { StatusProvider } from '../../../../src/flows/status.ts';
import StatusPage from '../../../../src/pages/info/StatusPage.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { renderWithI18n } from '../../render.tsx';

const BTC: Currency = { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' };
const SBER: Currency = {
  id: 7,
  code: 'SBERRUB',
  name: 'Sberbank',
  network: null,
  kind: 'card',
  unit: 'RUB',
  icon: 'sber',
};

const STATUS: StatusResponse = {
  directions: [
    { from: BTC, to: SBER, offered: true, reason: null, courseChangedAt: '2026-11-26T09:30:00Z' },
    { from: SBER, to: BTC, offered: false, reason: 'stale_rates', courseChangedAt: '2026-11-25T21:05:00Z' },
  ],
};

function renderPage(locale: 'ru' | 'en') {
  const logic = resourceLoadMachine.provide({
    actors: { fetchResource: fromPromise<unknown, ResourceParams>(async () => STATUS) },
  });
  renderWithI18n(
    <StatusProvider logic={logic}>
      <StatusPage />
    </StatusProvider>,
    { locale, path: locale === 'en' ? '/en/status' : '/status' },
  );
}

beforeEach(() => serveSettings(settings({ contest: null, contestStatus: false })));
afterEach(() => vi.unstubAllGlobals());

describe('StatusPage', () => {
  it('shows each direction offered or paused with the reason in plain words, and when its rate changed', async () => {
    renderPage('en');
    const table = await screen.findByRole('table', { name: 'Exchange directions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Bitcoin → SberbankOffered.*Nov 26, 2026, 12:30 PM$/),
      expect.stringMatching(
        /^Sberbank → BitcoinPausedThe market prices this rate follows are out of date\..*Nov 26, 2026, 12:05 AM$/,
      ),
    ]);
  });

  it('speaks Russian at the root', async () => {
    renderPage('ru');
    const table = await screen.findByRole('table', { name: 'Направления обмена' });
    expect(within(table).getByText('Приостановлено')).toBeInTheDocument();
    expect(within(table).getByText(/Рыночные курсы, по которым считается этот курс, устарели/)).toBeInTheDocument();
  });
});
