// The public information, partner and news pages in both languages: each renders with its tab title, heading and
// breadcrumb and passes axe; English news routes go to the English home; a news item opens from the list; the
// FAQ works on a phone.
import { expect, expectAccessible, phone, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

// A Russian browser: the first-visit rule would otherwise send an English-preferring browser to /en.
test.use({ locale: 'ru-RU' });

interface PageCase {
  path: string;
  ru: string;
  en: string;
  /** Breadcrumb links between 'Home' and the title. */
  trail?: { ru: string; en: string }[];
}

const partners = { ru: 'Партнёрам', en: 'Partners' };

const INFO_PAGES: PageCase[] = [
  { path: '/rules', ru: 'Правила обмена', en: 'Exchange rules' },
  { path: '/aml', ru: 'Политика AML/KYC', en: 'AML/KYC policy' },
  { path: '/faq', ru: 'Часто задаваемые вопросы', en: 'Frequently asked questions' },
  { path: '/sales', ru: 'Акции и скидки', en: 'Offers and discounts' },
  { path: '/concurs', ru: 'Конкурс отзывов', en: 'Review contest' },
  { path: '/contacts', ru: 'Контакты', en: 'Contacts' },
  { path: '/partners', ru: 'Партнёрам', en: 'Partners' },
  { path: '/partners/users', ru: 'Партнёрская программа', en: 'Referral program', trail: [partners] },
  { path: '/partners/monitoring', ru: 'Для мониторингов', en: 'For rate monitors', trail: [partners] },
];

const news = { ru: 'Новости', en: 'News' };
const NEWS_PAGES: PageCase[] = [
  { path: '/news', ru: 'Новости', en: 'News' },
  { path: '/news/archive/news', ru: 'Архив новостей', en: 'News archive', trail: [news] },
  { path: '/news/archive/updates', ru: 'Архив обновлений', en: 'Updates archive', trail: [news] },
];

const BREADCRUMB = { ru: 'Навигационная цепочка', en: 'Breadcrumb' };
const MAIN = { ru: 'Главная', en: 'Home' };

async function expectPage(page: Page, locale: 'ru' | 'en', title: string, trail: string[] = []) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[/()]/g, '\\$&')} — `));
  const crumbs = page.getByRole('navigation', { name: BREADCRUMB[locale] });
  await expect(crumbs.getByRole('link', { name: MAIN[locale], exact: true })).toHaveAttribute('href', locale === 'en' ? '/en' : '/');
  for (const label of trail) await expect(crumbs.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
}

for (const locale of ['ru', 'en'] as const) {
  test.describe(`information pages (${locale})`, () => {
    for (const c of INFO_PAGES) {
      test(`${c.path} renders with title and breadcrumb, and is accessible`, async ({ page }) => {
        await page.goto(locale === 'en' ? `/en${c.path}` : c.path);
        await expectPage(page, locale, c[locale], c.trail?.map((t) => t[locale]));
        await expectAccessible(page);
      });
    }
  });
}

test.describe('information page content', () => {
  test('/rules lists 12 numbered sections with a table of contents that jumps to them', async ({ page }) => {
    await page.goto('/rules');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByRole('heading', { level: 2, name: '4. Оплата заявки' })).toBeVisible();
    await expect(page.getByText('На оплату заявки отводится 30 минут')).toBeVisible();
    await page.getByRole('navigation', { name: 'На этой странице' }).getByRole('link', { name: 'Возвраты' }).click();
    await expect(page).toHaveURL(/\/rules#refunds$/);
    await expect(page.getByRole('heading', { name: '8. Возвраты' })).toBeInViewport();
    // The tap started the app; once it runs, the visitor is still where the link took them.
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: '8. Возвраты' })).toBeInViewport();
  });

  test('/concurs shows the running contest with its prizes from the settings', async ({ page, request }) => {
    const settings = await (await request.get('/api/v1/calculator/settings/')).json();
    await page.goto('/concurs');
    if (settings.contest?.active) {
      await expect(page.getByRole('heading', { level: 2, name: settings.contest.title })).toBeVisible();
      for (const prize of settings.contest.prizes) await expect(page.getByText(prize)).toBeVisible();
    } else {
      await expect(page.getByText('Сейчас конкурс не проводится.')).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Как принять участие' })).toBeVisible();
  });

  test('/contacts shows the support e-mail from the settings and the working hours', async ({ page, request }) => {
    const settings = await (await request.get('/en/api/v1/calculator/settings/')).json();
    await page.goto('/en/contacts');
    await expect(page.getByRole('main').getByRole('link', { name: settings.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${settings.supportEmail}`,
    );
    await expect(page.getByRole('heading', { name: 'Working hours' })).toBeVisible();
    await expect(page.getByText('daily from 10:00 to 20:00 Moscow time', { exact: false })).toBeVisible();
  });

  test('/partners/monitoring gives the export address on this origin and the currency codes', async ({ page, baseURL }) => {
    await page.goto('/partners/monitoring');
    await expect(page.getByTestId('export-url')).toHaveText(`${baseURL}/export/rates.xml`);
    const table = page.getByRole('table', { name: 'Коды валют' });
    await expect(table.locator('tbody tr td:first-child')).toContainText(['BTC', 'USDTTRC20', 'SBERRUB']);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(5);
  });

  test('/partners/monitoring describes every element the XML export really has', async ({ page, request }) => {
    const xml = await (await request.get('/export/rates.xml')).text();
    const names = new Set([...xml.matchAll(/<([a-z]+)>/g)].map((m) => m[1]!).filter((n) => n !== 'rates' && n !== 'item'));
    expect(names.size).toBeGreaterThanOrEqual(7);
    await page.goto('/en/partners/monitoring');
    const fields = page.getByRole('region', { name: 'Fields of the file' }).locator('dt');
    await expect(fields).toHaveCount(names.size);
    const described = (await fields.allTextContents()).map((text) => text.replace(/[<>]/g, ''));
    expect(described.sort()).toEqual([...names].sort());
  });

  test('the support button offers e-mail and Telegram, and no third-party script loads under automation', async ({ page, request }) => {
    const settings = await (await request.get('/api/v1/calculator/settings/')).json();
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Связаться с поддержкой' }).click();
    const panel = page.getByTestId('support-panel');
    await expect(panel.getByRole('link', { name: settings.supportEmail })).toHaveAttribute('href', `mailto:${settings.supportEmail}`);
    await expect(panel.getByRole('link', { name: 'Telegram' })).toBeVisible();
    await expect(page.locator('#live-chat-widget, #analytics-counter')).toHaveCount(0);
  });

  test('the partner overview leads to the referral programme', async ({ page }) => {
    await page.goto('/en/partners');
    await page.getByRole('link', { name: 'Learn more — Referral program' }).click();
    await expect(page).toHaveURL(/\/en\/partners\/users$/);
    await expect(page.getByRole('heading', { name: 'How the ?ref= link works' })).toBeVisible();
  });
});

test.describe('news (Russian only)', () => {
  for (const c of NEWS_PAGES) {
    test(`${c.path} renders with title and breadcrumb, and is accessible`, async ({ page }) => {
      await page.goto(c.path);
      await expectPage(page, 'ru', c.ru, c.trail?.map((t) => t.ru));
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectAccessible(page);
    });
  }

  test('a news item opens from the list, with its breadcrumb and tab title', async ({ page }) => {
    await page.goto('/news');
    const first = page.getByRole('main').getByRole('article').first().getByRole('link');
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/news\/[a-z0-9-]+$/);
    await expectPage(page, 'ru', title, ['Новости']);
    await expectAccessible(page);
  });

  test('the news list pages through older items', async ({ page, request }) => {
    const { count } = await (await request.get('/api/v1/news/?kind=news&page=1&size=5')).json();
    await page.goto('/news');
    const list = page.getByRole('main').getByRole('region', { name: 'Последние новости' });
    await expect(list.getByRole('article')).toHaveCount(Math.min(count, 5));
    if (count > 5) {
      await list.getByRole('button', { name: 'Далее' }).click();
      await expect(list.getByText('Страница 2 из')).toBeVisible();
      await expect(list.getByRole('article')).toHaveCount(Math.min(count - 5, 5));
    } else {
      await expect(list.getByRole('navigation', { name: 'Страницы' })).toHaveCount(0);
    }
  });

  test('an unknown news item shows the 404 page', async ({ page }) => {
    await page.goto('/news/no-such-item');
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page).toHaveTitle('404 страница не найдена');
  });

  for (const path of ['/en/news', '/en/news/archive/news', '/en/news/archive/updates', '/en/news/ton-to-rub-via-sbp']) {
    test(`${path} redirects to the English home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/en$/);
    });
  }
});

/** A question of the FAQ: a native <details> whose summary holds the question's heading. */
function faqEntry(page: Page, question: string | RegExp) {
  return page.locator('details').filter({ has: page.getByRole('heading', { level: 2, name: question }) });
}

test.describe('FAQ on a phone (390x844)', () => {
  test.use(phone);

  test('questions open by tap, the page does not scroll sideways, and it is accessible', async ({ page }) => {
    await page.goto('/faq');
    const question = faqEntry(page, 'Какая у вас комиссия?');
    await expect(question).toHaveJSProperty('open', false);
    await question.locator('summary').tap();
    await expect(question).toHaveJSProperty('open', true);
    await expect(page.getByText('Наша комиссия уже включена в курс')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('no public page scrolls sideways on a phone', async ({ page }) => {
    const paths = [...INFO_PAGES, ...NEWS_PAGES].map((c) => c.path).concat(INFO_PAGES.map((c) => `/en${c.path}`));
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('an answer linked by its anchor starts open, before any interaction', async ({ page }) => {
    await page.goto('/en/faq#late-payment');
    await expect(faqEntry(page, /I paid more than 30 minutes/)).toHaveJSProperty('open', true);
    await expect(faqEntry(page, 'What are your fees?')).toHaveJSProperty('open', false);
  });
});
