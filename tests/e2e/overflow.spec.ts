// No money figure is cut, ellipsised or wrapped inside its number, and nothing sticks out of the viewport, on every
// account screen (the demo user, signed in) and a claim page, at 320, 390 and 1366 px in both languages. A count of
// the offending elements, each named, not a timing.
import type { Page } from '@playwright/test';
import type { AccessResponse } from '../../src/api/schemas/user.ts';
import { createClaim } from './claims.ts';
import { expect, test } from './fixtures.ts';

const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};
const WIDTHS = [320, 390, 1366] as const;
/** Every account screen (src/pages/account/accountSections.ts, whose labels are macros a journey cannot load). */
const ACCOUNT_PATHS = ['/account', '/account/orders', '/account/referrer', '/account/adv', '/account/cards', '/account/settings', '/account/promocodes'];
const LOCALES = ['ru', 'en'] as const;

/**
 * What overflows on the page as it is now, one line per element:
 * - an element holding digits whose content is wider than its box (cut, ellipsised or spilling out);
 * - a number (digits with their group and decimal marks) laid out on more than one line;
 * - an element reaching past the viewport's left or right edge.
 * Content inside a scrolling container (a wide table) and visually hidden text are left out: they are meant so.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const exempt = (element: Element) => {
      if (element.closest('.sr-only, [aria-hidden="true"], [hidden]')) return true;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) if (scrolls(parent)) return true;
      return false;
    };
    // A box laid out as lines of text (a figure, a label, a cell): nothing but inline content inside it.
    const textBlock = (element: Element) =>
      getComputedStyle(element).display !== 'inline' &&
      !scrolls(element) &&
      [...element.querySelectorAll('*')].every((inner) => getComputedStyle(inner).display === 'inline');
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || exempt(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 1 || box.left < -1) found.push(`outside the viewport: ${name(element)}`);
      if (textBlock(element) && /\d/.test(element.textContent ?? '') && element.scrollWidth > element.clientWidth + 1) {
        found.push(`content wider than its box (${element.scrollWidth} > ${element.clientWidth}): ${name(element)}`);
      }
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || exempt(parent)) continue;
      // A figure stands alone: digits inside a longer token (a wallet address, a hash) are no amount and may break.
      for (const number of (node.textContent ?? '').matchAll(/(?<![\p{L}\d])\d[\d.,\u00a0\u202f]*\d(?![\p{L}\d])/gu)) {
        const range = document.createRange();
        range.setStart(node, number.index);
        range.setEnd(node, number.index + number[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) found.push(`number on ${lines.size} lines: "${number[0]}" in ${name(parent)}`);
      }
    }
    return found;
  });
}

async function logIn(page: Page): Promise<string> {
  const response = await page.request.post('/front-api/auth/login/?locale=ru', { data: DEMO });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AccessResponse).access;
}

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test(`no money figure cut or wrapped on the account and claim screens at ${width} px (${locale})`, async ({ page }) => {
      // Eight screens, each loading its data.
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
      const token = await logIn(page);
      const base = locale === 'en' ? '/en' : '';
      const claim = await createClaim(page.request, locale, DEMO.email, token);
      const problems: string[] = [];
      for (const path of ACCOUNT_PATHS) {
        await page.goto(`${base}${path}`);
        // Loaded: no spinner, no skeleton left.
        await expect(page.locator('main .animate-spin, main .animate-pulse')).toHaveCount(0);
        problems.push(...(await overflowing(page)).map((problem) => `${path}: ${problem}`));
      }
      await page.goto(`${base}/claim/${claim}`);
      await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');
      problems.push(...(await overflowing(page)).map((problem) => `/claim: ${problem}`));
      expect(problems).toEqual([]);
    });
  }
}
