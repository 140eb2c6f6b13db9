// A claim page that updates itself: a BTC claim's address is paid on the played chain
// (tests/e2e/playedChain.ts, polled every second by the server's chain watcher); the page left open shows the
// payment seen with 0 of 2 confirmations, then paid once two blocks confirm it, without a reload. An operator's
// move then reaches the page through its event stream: the time from the move to the page showing it is recorded as the test's annotation 'move → page (ms)' (a figure for the report, not a timed assertion).
import type { APIRequestContext, Page } from '@playwright/test';
import { createClaim } from './claims.ts';
import { expect, phone, playedChainURL, test } from './fixtures.ts';
import { ops } from './operator.ts';

const SEEN = {
  ru: (n: number, of: number) => `Платёж замечен, подтверждений: ${n} из ${of}`,
  en: (n: number, of: number) => `Payment seen, ${n} of ${of} confirmations`,
} as const;

/** Whole satoshi of a BTC amount string ("0.00123456"). */
function sats(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100_000_000 + Number(fraction.padEnd(8, '0').slice(0, 8));
}

async function chain(request: APIRequestContext, call: 'pay' | 'mine', body: object = {}): Promise<void> {
  const response = await request.post(`${playedChainURL}/play/${call}`, { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Marks the document, so that a reload (a new document) would be seen. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => (document.documentElement.dataset.journeyMark = 'same document'));
}

/** Records in the page the moment (epoch ms) its status badge first shows `status`. */
async function stampWhenShown(page: Page, status: string): Promise<void> {
  await page.evaluate((awaited) => {
    const badge = document.querySelector('[data-testid="claim-status"]')!;
    const observer = new MutationObserver(() => {
      const now = document.querySelector('[data-testid="claim-status"]');
      if (now?.getAttribute('data-status') !== awaited) return;
      document.documentElement.dataset.shownAt = String(Date.now());
      observer.disconnect();
    });
    observer.observe(badge.closest('[aria-live]') ?? document.body, { subtree: true, attributes: true, childList: true });
  }, status);
}

// One played chain for the file: a block mines every journey's payment, so these journeys run one after another.
test.describe.configure({ mode: 'default' });

for (const [device, options] of [
  ['phone', phone],
  ['desktop', {}],
] as const) {
  test.describe(`live claim page on a ${device}`, () => {
    test.use(options);

    for (const locale of ['ru', 'en'] as const) {
      test(`${locale}: a payment seen on chain shows 0 of 2 confirmations, then paid; an operator's move arrives pushed`, async ({
        page,
        request,
      }) => {
        const base = locale === 'en' ? '/en' : '';
        const uuid = await createClaim(request, locale, `live-${device}-${locale}-${Date.now()}@example.com`);
        const requisite = (await (await request.get(`${base}/api/v1/claim/${uuid}/requisite/`)).json()) as {
          summa: string;
          payTo: { name: string; value: string }[];
        };
        const address = requisite.payTo.find((row) => row.name === 'address')!.value;

        const streamOpened = page.waitForResponse((response) => response.url().endsWith(`/claim/${uuid}/events/`));
        await page.goto(`${base}/claim/${uuid}`);
        expect((await streamOpened).status()).toBe(200);
        const status = page.getByTestId('claim-status');
        await expect(status).toHaveAttribute('data-status', 'awaiting_payment');
        await markDocument(page);

        await chain(request, 'pay', { address, sats: sats(requisite.summa) });
        const deposit = page.getByTestId('claim-deposit');
        await expect(deposit).toHaveAttribute('data-confirmations', '0/2');
        await expect(deposit).toContainText(SEEN[locale](0, 2));
        await expect(status).toHaveAttribute('data-status', 'awaiting_payment');

        await chain(request, 'mine');
        await expect(deposit).toHaveAttribute('data-confirmations', '1/2');
        await chain(request, 'mine');
        await expect(status).toHaveAttribute('data-status', 'paid');
        await expect(deposit).toHaveAttribute('data-status', 'confirmed');

        await stampWhenShown(page, 'processing');
        const movedAt = Date.now();
        await ops('claims', 'move', uuid, 'processing');
        const committedAt = Date.now();
        await expect(status).toHaveAttribute('data-status', 'processing');
        const shownAt = Number(await page.evaluate(() => document.documentElement.dataset.shownAt));
        const figure = `${shownAt - movedAt} ms from the move's start (the move itself took ${committedAt - movedAt} ms)`;
        test.info().annotations.push({ type: 'move → page (ms)', description: figure });
        console.log(`[${device} ${locale}] operator move → claim page: ${figure}`);

        expect(await page.evaluate(() => document.documentElement.dataset.journeyMark)).toBe('same document');
      });
    }
  });
}
