// The rate monitors' page through its flow's seam: the real resourceLoad machine with a fake currency call provided
// through CurrencyCodesProvider (no module mocking): the codes table and the retry after a failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../../machines/resourceLoad.ts';
import type { Currency } from '../../../../src/api/schemas/calculator.ts';
import { CurrencyCodesProvider } from '../../../../src/flows/monitoring.ts';
import { InitialPageContext, type InitialPage } from '../../../../src/flows/initialPage.ts';
import PartnersMonitoringPage from '../../../../src/pages/info/PartnersMonitoringPage.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { renderWithI18n } from '../../render.tsx';

const CURRENCIES: Currency[] = [
  { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' },
  { id: 7, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sber' },
];

function renderPage(answers: (Currency[] | Error)[], rendered: Currency[] | null = null) {
  let calls = 0;
  const logic = resourceLoadMachine.provide({
    actors: {
      fetchResource: fromPromise<unknown, ResourceParams>(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls += 1;
        if (answer instanceof Error) throw { code: 'network_error' };
        return answer;
      }),
    },
  });
  const initial = { pathname: '/en/partners/monitoring', search: '', currencies: rendered } as InitialPage;
  renderWithI18n(
    <InitialPageContext.Provider value={rendered ? initial : null}>
      <CurrencyCodesProvider logic={logic}>
        <PartnersMonitoringPage />
      </CurrencyCodesProvider>
    </InitialPageContext.Provider>,
    { locale: 'en', path: '/en/partners/monitoring' },
  );
  return { calls: () => calls };
}

beforeEach(() => serveSettings(settings({ contest: null, contestStatus: false })));
afterEach(() => vi.unstubAllGlobals());

describe('PartnersMonitoringPage', () => {
  it('lists every currency with its export code, network and kind', async () => {
    const { calls } = renderPage([CURRENCIES]);
    const table = await screen.findByRole('table', { name: 'Currency codes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['BTC', 'Bitcoin', 'BTC', 'Cryptocurrency'],
      ['SBERRUB', 'Sberbank', '—', 'Bank card'],
    ]);
    expect(calls()).toBe(1);
  });

  it('starts from the currencies the server rendered the page with, asking for nothing', () => {
    const { calls } = renderPage([new Error('not to be asked')], CURRENCIES);
    const table = screen.getByRole('table', { name: 'Currency codes' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls()).toBe(0);
  });

  it('offers a retry when the currencies could not be loaded', async () => {
    const { calls } = renderPage([new Error('offline'), CURRENCIES]);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button'));
    expect(await screen.findByRole('table', { name: 'Currency codes' })).toBeInTheDocument();
    expect(calls()).toBe(2);
  });
});
