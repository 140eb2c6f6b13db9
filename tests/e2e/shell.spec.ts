// The app shell in a real browser: both languages, the switcher, the English menu, the 404 page, the burger
// menu on a phone, a tap before the page is live, and axe on each (also with a modal open).
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { test, expect, expectAccessible, phone } from './fixtures.ts';

test.describe('Russian visitor', () => {
  test.use({ locale: 'ru-RU' });

  test('home in Russian: lang, title, header, footer, hreflang', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Обмен валют — Exchanger');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /главная страница/ })).toHaveAttribute('href', '/');
    await expect(
      header.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Новости' }),
    ).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('18+')).toBeVisible();
    await expect(footer.getByText('Сервис предназначен только для лиц старше 18 лет.')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'BestChange' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/$/);
    await expectAccessible(page);
  });

  test('the switcher goes to the same page in English keeping the query string, and remembers it', async ({
    page,
    context,
  }) => {
    await page.goto('/?cur_from=BTC&cur_to=SBERRUB');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\?cur_from=BTC&cur_to=SBERRUB$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Currency exchange — Exchanger');
    const lang = (await context.cookies()).find((cookie) => cookie.name === 'lang');
    expect(lang?.value).toBe('en');
    // About a year (365 days), give or take the test's own duration.
    const days = ((lang?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    await page.getByRole('link', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/\?cur_from=BTC&cur_to=SBERRUB$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('an unknown address shows the 404 page in Russian', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await expect(page).toHaveTitle('404 страница не найдена');
    await expect(page.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    await expectAccessible(page);
  });
});

test.describe('English visitor', () => {
  test.use({ locale: 'en-US' });

  // Only the bare root redirects; an explicit Russian link such as /rules stays Russian (interface.spec checks it).
  test('a first visit to the bare root goes to the English home, keeping the query string', async ({ page }) => {
    await page.goto('/?x=1');
    await expect(page).toHaveURL(/\/en\?x=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the lang cookie keeps the Russian page', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('home in English: title, menu without News, footer', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Currency exchange — Exchanger');
    const menu = page.getByRole('banner').getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(['Rules', 'Partners', 'AML/KYC', 'FAQ', 'Contacts']);
    await expect(page.getByRole('link', { name: 'News' })).toHaveCount(0);
    await expect(
      page.getByRole('contentinfo').getByText('The service is intended only for persons over 18 years of age.'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown English address shows the 404 page', async ({ page }) => {
    await page.goto('/en/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page).toHaveTitle('404 page not found');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
  });

  test('Russian-only pages under /en go to the English home', async ({ page }) => {
    await page.goto('/en/news');
    await expect(page).toHaveURL(/\/en$/);
  });

  test('axe passes with the login modal open', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to your account' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('update check', () => {
  test.use({ locale: 'en-US' });

  test('an hour later a new build is announced, and the next navigation reloads the page', async ({ page }) => {
    await page.clock.install();
    await page.route('**/.vite/manifest.json', (route) =>
      route.fulfill({ json: { 'index.html': { file: 'assets/index-NewBuild.js', isEntry: true } } }),
    );
    await page.goto('/en');
    await expect(page.getByRole('banner')).toBeVisible();
    // The update check arrives lazily after the first paint: let it load and arm its hourly timer.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.clock.fastForward('01:00:00');
    await expect(page.getByRole('status').filter({ hasText: 'A new version of the site is available.' })).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false))
      .toBe(false);
  });
});

test.describe('phone', () => {
  test.use({ ...phone, locale: 'ru-RU' });

  test('the burger menu opens, locks the page scroll and closes on an item', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    const panel = page.locator('#mobile-menu');
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await expectAccessible(page);

    await panel.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(panel).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
  });

  test('the home fits the phone without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('a tap before the page is live', () => {
  /**
   * Opens `path` in a page of its own (the fixtures' `goto` waits for hydration) once the loader has asked for the
   * app's entry, which arrives only on `release` (or never, with `fail`): the moment between the first paint and
   * hydration that lasts a second or more on a slow phone.
   */
  async function openBeforeLive(
    browser: Browser,
    baseURL: string,
    path: string,
    options: { device?: BrowserContextOptions; fail?: boolean } = {},
  ) {
    const context = await browser.newContext({ ...options.device, baseURL });
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/main-*.js', async (route) => {
      if (options.fail) return route.abort();
      await released;
      return route.continue();
    });
    const entryRequested = page.waitForRequest(/\/assets\/main-[^/]+\.js$/);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await entryRequested;
    return { page, context, release };
  }

  test('on a page whose app starts after the paint, clicks are made again once it is live, in order', async ({
    browser,
    baseURL,
  }) => {
    const { page, context, release } = await openBeforeLive(browser, baseURL!, '/en/login');
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await page.getByRole('button', { name: 'Show password' }).click();
    await remember.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(remember).not.toBeChecked();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text');
    await expect(remember).toBeChecked();
    await context.close();
  });

  test('a tap on the burger menu on a phone opens it once the page is live', async ({ browser, baseURL }) => {
    const { page, context, release } = await openBeforeLive(browser, baseURL!, '/login', { device: phone });
    await page.getByRole('button', { name: 'Открыть меню' }).tap();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    release();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
    await context.close();
  });

  test('when the app cannot load, a click works on the page as its HTML does', async ({ browser, baseURL }) => {
    const { page, context } = await openBeforeLive(browser, baseURL!, '/en/login', { fail: true });
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await remember.click();
    await expect(remember).toBeChecked();
    await context.close();
  });
});
