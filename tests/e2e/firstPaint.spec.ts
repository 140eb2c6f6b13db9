// First paint: every public page hydrates the server's HTML without a mismatch warning, and on a throttled phone
// no public page (both languages) nor a claim page jumps while it loads (CLS from the browser's layout-shift
// entries, summed over the whole load; no timing is asserted).
import type { Browser, Page } from '@playwright/test';
import { loadUntilIdle, ROUTE_BUDGETS } from '../../scripts/size-budget.ts';
import { publicPaths } from '../support/publicRoutes.ts';
import { expect, phone, test } from './fixtures.ts';

/** The route table's public pages in both languages, and a news item of the seed. */
const PUBLIC_PATHS = [...publicPaths('ru'), '/news/holiday-schedule', ...publicPaths('en')];

/** What React prints when the browser's first render differs from the server's HTML. */
const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

async function createClaim(baseURL: string): Promise<string> {
  const directions = (await (await fetch(`${baseURL}/api/v1/calculator/`)).json()) as {
    currencies: { id: number; code: string }[];
  };
  const id = (code: string) => directions.currencies.find((row) => row.code === code)!.id;
  const pair = (await (await fetch(`${baseURL}/api/v1/calculator/pair/${id('USDTTRC20')}/${id('SBERRUB')}/`)).json()) as {
    from: { min: string | null };
    to: { structure: { input: { name: string }[] } };
  };
  const toRequisites = Object.fromEntries(
    pair.to.structure.input.map((field) => [field.name, field.name === 'card' ? '4276381260441970' : 'Ivan Petrov']),
  );
  const response = await fetch(`${baseURL}/api/v1/claim/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'first-paint@example.com',
      fromPs: id('USDTTRC20'),
      toPs: id('SBERRUB'),
      fromSumma: pair.from.min ?? '100',
      fromRequisites: {},
      toRequisites,
      withVerificationCourse: false,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

test.describe('hydration', () => {
  // The lang cookie keeps Russian pages Russian for a browser that prefers English.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
  });

  test('every public page in both languages hydrates without a warning', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const claim = await createClaim(baseURL!);
    // Query parameters that change no page (a mail's tags) are answered with the page kept for the bare address.
    const tagged = ['/?utm_source=mail', '/en/rules?utm_source=mail&x=1', '/news?utm_source=mail'];
    for (const path of [...PUBLIC_PATHS, ...tagged, `/claim/${claim}`, `/en/claim/${claim}`]) {
      const messages = collectConsole(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      // The server's HTML already has the page: its h1 is there before any script ran.
      expect(await (await page.request.get(path)).text(), path).toMatch(/<h1[\s>]/);
      await expect(page.locator('h1').first(), path).toBeVisible();
      // A text page loads the app when the reader first points at it: hydrate every page before judging.
      await page.mouse.move(40, 200);
      await page.mouse.move(60, 240);
      await page.waitForSelector('html[data-hydrated]');
      expect(messages.filter((text) => HYDRATION_TROUBLE.test(text)), path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('pages with dates hydrate without a warning in a time zone far from the server', async ({ browser, baseURL }) => {
    const claim = await createClaim(baseURL!);
    const context = await browser.newContext({ baseURL, timezoneId: 'Pacific/Kiritimati' });
    await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
    const page = await context.newPage();
    for (const path of [`/claim/${claim}`, '/concurs', '/news/holiday-schedule']) {
      const messages = collectConsole(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      // A text page loads the app when the reader first points at it.
      await page.mouse.move(40, 200);
      await page.mouse.move(60, 240);
      await page.waitForSelector('html[data-hydrated]');
      expect(messages.filter((text) => HYDRATION_TROUBLE.test(text)), path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
    // After hydration the claim's moments are in the reader's zone (UTC+14 here), not the server's.
    await page.goto(`/claim/${claim}`);
    await page.waitForSelector('html[data-hydrated]');
    const created = await page.getByTestId('claim-created').locator('time').getAttribute('datetime');
    // Written with the reader's zone, as people write it ("GMT+14").
    const expected = await page.evaluate((iso) => {
      const moment = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
      const zone = new Intl.DateTimeFormat('ru-RU', { timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName');
      return `${moment}\u00a0${zone!.value}`;
    }, created!);
    // The page's own Suspense boundary may finish hydrating a moment after the shell marks the page.
    await expect(page.getByTestId('claim-created')).toHaveText(expected);
    await context.close();
  });

  test('an unknown page and an unknown claim answer 404 and hydrate the error page', async ({ page }) => {
    for (const path of ['/no-such-page', '/en/no-such-page', '/claim/0c9a3a36-1111-4111-8111-111111111111']) {
      const messages = collectConsole(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      expect(messages.filter((text) => HYDRATION_TROUBLE.test(text)), path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });
});

/** Sum of the layout shifts not caused by input while `path` loads on a phone with a 4× slower CPU and a slow network. */
async function layoutShiftOnPhone(browser: Browser, baseURL: string, path: string): Promise<{ total: number; sources: string[] }> {
  // A mid-range Android phone's window (412 × 823 CSS pixels).
  const context = await browser.newContext({ ...phone, viewport: { width: 412, height: 823 }, baseURL, locale: 'ru-RU' });
  await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(() => {
    const record: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof record }).layoutShifts = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName),
        );
        record.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Bounded well inside the test's time: under this emulation a page's module requests have once stalled for good,
  // and a stalled load should fail and be retried, not spend the whole three minutes.
  await page.goto(path, { waitUntil: 'networkidle', timeout: 45_000 });
  // Everything the page fetched has arrived and rendered: wait for the browser to paint twice more.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  await context.close();
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    sources: shifts.map((shift) => `${shift.value.toFixed(3)} ${shift.sources.join(' | ')}`),
  };
}

test.describe('no jumps on a throttled phone', () => {
  test('every public page in both languages and a claim page shift their layout by at most 0.02', async ({ browser, baseURL }) => {
    test.setTimeout(900_000);
    const claim = await createClaim(baseURL!);
    const jumps: string[] = [];
    for (const path of [...PUBLIC_PATHS, `/claim/${claim}`]) {
      const { total, sources } = await layoutShiftOnPhone(browser, baseURL!, path);
      if (total > 0.02) jumps.push(`${path} ${total.toFixed(3)}: ${sources.join('; ')}`);
    }
    // Every page is visited before judging, so one run names every page that jumps.
    expect(jumps).toEqual([]);
  });
});

test.describe('JavaScript until the network is idle', () => {
  test('the home and a claim page load only the files their size budget counts', async ({ browser, baseURL }) => {
    const claim = await createClaim(baseURL!);
    for (const budget of ROUTE_BUDGETS) {
      const path = budget.route.replace(':uuid', claim);
      const context = await browser.newContext({ baseURL });
      await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) loaded.add(url.pathname.slice(1));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await context.close();
      const counted = loadUntilIdle(budget).files;
      expect([...loaded].filter((file) => !counted.has(file)), path).toEqual([]);
    }
  });

  test('a text page fetches no script until the reader acts (its loader is inline), then the app', async ({ browser, baseURL }) => {
    for (const path of ['/rules', '/en/faq', '/news/holiday-schedule']) {
      const context = await browser.newContext({ baseURL });
      await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) loaded.add(url.pathname.slice(1));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect([...loaded], path).toEqual([]);
      await page.mouse.move(40, 200);
      await page.mouse.move(60, 240);
      await page.waitForSelector('html[data-hydrated]');
      expect(loaded.size, path).toBeGreaterThan(1);
      await context.close();
    }
  });
});
