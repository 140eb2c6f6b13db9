// Small things on screen, in both languages: the signed-in header fits a 320 px phone, a phone shows where to
// pay before "I have paid" and "Cancel", and the support button sits in the header's tab order and covers nothing of
// the footer at the bottom of a desktop page. Screenshots go to SHOTS_DIR when it is set.
import type { Locator, Page } from '@playwright/test';
import type { AccessResponse } from '../../src/api/schemas/user.ts';
import { createClaim } from './claims.ts';
import { expect, test } from './fixtures.ts';

const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};
const WORDS = {
  ru: {
    menu: 'Открыть меню',
    support: 'Связаться с поддержкой',
    whereToPay: 'Куда платить',
    paid: 'Я оплатил',
    cancel: 'Отменить заявку',
  },
  en: {
    menu: 'Open menu',
    support: 'Contact support',
    whereToPay: 'Where to pay',
    paid: 'I have paid',
    cancel: 'Cancel the request',
  },
} as const;

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

async function signIn(page: Page): Promise<string> {
  const response = await page.request.post('/front-api/auth/login/?locale=ru', { data: DEMO });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AccessResponse).access;
}

/** Whether the button lies over any pixel of the element's text (its lines, not its padding). */
async function coversText(button: Locator, element: Locator): Promise<boolean> {
  const box = await button.boundingBox();
  if (!box) return false;
  return element.evaluate((node, b) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].some(
      (r) => r.width > 0 && r.left < b.x + b.width && b.x < r.right && r.top < b.y + b.height && b.y < r.bottom,
    );
  }, box);
}

for (const locale of ['ru', 'en'] as const) {
  const base = locale === 'en' ? '/en' : '';
  const words = WORDS[locale];
  test.describe(locale, () => {
    // A browser in the page's language: a first visit is not sent to the other one.
    test.use({ locale: locale === 'en' ? 'en-US' : 'ru-RU' });

    test(`signed in at 320 px the header's buttons stay on screen (${locale})`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await signIn(page);
      await page.goto(`${base}/account`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const name of [words.menu, words.support]) {
        const box = await page.getByRole('banner').getByRole('button', { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(320);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await shoot(page, `header-320-${locale}`);
    });

    test(`on a phone where to pay comes before "I have paid" and "Cancel", on screen and by keyboard (${locale})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const uuid = await createClaim(page.request, locale, DEMO.email);
      await page.goto(`${base}/claim/${uuid}`);
      const payTo = page.getByRole('heading', { name: words.whereToPay });
      const paid = page.getByRole('button', { name: words.paid });
      const cancel = page.getByRole('button', { name: words.cancel });
      await expect(payTo).toBeVisible();
      await expect(paid).toBeEnabled();
      const top = async (locator: Locator) => (await locator.boundingBox())!.y;
      expect(await top(payTo)).toBeLessThan(await top(paid));
      expect(await top(paid)).toBeLessThan(await top(cancel));
      // The document says it in the same order, so a keyboard or a screen reader meets them alike.
      const follows = await payTo.evaluate(
        (heading, button) => Boolean(heading.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await paid.elementHandle(),
      );
      expect(follows).toBe(true);
      await shoot(page, `claim-phone-390-${locale}`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await shoot(page, `claim-desktop-1366-${locale}`);
    });

    for (const width of [390, 1366]) {
      test(`the support button is in the header's tab order and covers nothing of the footer at ${width} px (${locale})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
        await page.goto(base || '/');
        const support = page.getByRole('banner').getByRole('button', { name: words.support });
        await expect(support).toBeVisible();
        // Reached from the header, before anything of the page's content.
        const main = page.locator('main');
        const beforeMain = await support.evaluate(
          (button, content) => Boolean(button.compareDocumentPosition(content!) & Node.DOCUMENT_POSITION_FOLLOWING),
          await main.elementHandle(),
        );
        expect(beforeMain).toBe(true);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footer = page.getByRole('contentinfo');
        const adult = footer.getByText('18+', { exact: true });
        await expect(adult).toBeInViewport();
        expect(await coversText(support, adult)).toBe(false);
        // From tablets up it floats in the corner: no line of the footer lies under it (on phones it stays in the bar).
        if (width >= 640) {
          const texts = footer.locator('p, li, h2');
          for (let i = 0; i < (await texts.count()); i++) {
            expect(await coversText(support, texts.nth(i)), await texts.nth(i).innerText()).toBe(false);
          }
        }
        await shoot(page, `footer-support-${width}-${locale}`);
      });
    }
  });
}
