// Shared helpers for the journeys: the short-window server's address and the axe check.
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { closeOperatorConnections } from './operator.ts';

export const shortWindowURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
/** The played Bitcoin chain the main server watches (tests/e2e/playedChain.ts; playwright.config.ts). */
export const playedChainURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * A test lock (Playwright runs tests holding the same lock one at a time) for the journeys that change which
 * rouble accounts receive payments, and those that check which one a new claim got.
 */
export const RECEIVING_ACCOUNTS = 'receiving accounts';

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Waits until a server-rendered page is interactive: what a test types into the server's HTML before hydration
 * would be replaced by the hydrated form. Pages without server rendering (the console) pass at once; a text page
 * is interactive as its HTML came (it loads the app on the first interaction: server/http/appLoader.ts).
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('initial-page') ||
      document.documentElement.dataset.hydrated === 'true' ||
      document.documentElement.dataset.app === 'on-interaction',
  );
}

/**
 * Points at each part of the page that hydrates only when the visitor reaches for it (the home's exchange form:
 * src/components/InteractionIsland.tsx), as a visitor does before using it, and waits until it is live. At the
 * corner of its first element: the currency pickers load their list on a pointer of their own.
 */
export async function untilIslandsHydrated(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) {
    if ((await island.getAttribute('data-hydrated')) !== 'true') {
      await island.locator(':scope > *').first().hover({ position: { x: 24, y: 8 } });
    }
    await expect(island).toHaveAttribute('data-hydrated', 'true');
  }
}

/**
 * Every `page.goto` of a journey returns once the page it opened is interactive; a worker closes the database
 * connections its operator commands opened when it is done.
 */
export const test = base.extend<object, { operatorConnections: void }>({
  operatorConnections: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await closeOperatorConnections();
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await untilHydrated(page);
      await untilIslandsHydrated(page);
      return response;
    };
    await use(page);
  },
});
export { expect };
