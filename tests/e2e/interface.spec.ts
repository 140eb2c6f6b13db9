// The interface a careful user trusts: with a keyboard only every focusable element shows where the focus is,
// axe finds nothing serious (WCAG 2.2 AA) on any route or open dialog, public calls carry no access token even
// when signed in, an explicit Russian link stays Russian for an English browser, and a refused requisite says
// which rule it breaks.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { publicPaths } from '../support/publicRoutes.ts';
import { createClaim as createClaimAs } from './claims.ts';
import { expect, phone, test, untilHydrated } from './fixtures.ts';

const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};
const VALID_CARD = '4111111111111111';

// A Russian browser unless a test says otherwise (an English one is sent from the bare root to /en).
test.use({ locale: 'ru-RU' });
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Focused {
  key: string;
  label: string;
  visible: boolean;
  inHeader: boolean;
}

/** Where the focus is now and whether it can be seen: an outline, a ring (box-shadow) or the wrapper's outline. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const marks = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    const parent = element.parentElement;
    const rect = element.getBoundingClientRect();
    // A running count, not the number of marked elements: a marked element may be replaced meanwhile (the currency
    // picker's plain markup by its list), and a count would hand its key to the next element.
    const counter = window as unknown as { tabKeys?: number };
    element.dataset.tabKey ??= String((counter.tabKeys = (counter.tabKeys ?? 0) + 1));
    const name = element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '';
    return {
      key: element.dataset.tabKey,
      label: `${element.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`,
      visible: (marks(getComputedStyle(element)) || (parent !== null && marks(getComputedStyle(parent)))) && rect.width > 0 && rect.height > 0,
      inHeader: element.closest('header') !== null,
    };
  });
}

/** Presses Tab until the focus comes back to an element it already visited; answers every element on the way. */
async function tabThrough(page: Page, limit = 150): Promise<Focused[]> {
  const visited: Focused[] = [];
  const keys = new Set<string>();
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    if (keys.has(now.key)) break;
    keys.add(now.key);
    visited.push(now);
  }
  return visited;
}

function expectAllVisible(visited: Focused[], atLeast: number): void {
  expect(visited.length).toBeGreaterThanOrEqual(atLeast);
  expect(visited.filter((entry) => !entry.visible).map((entry) => entry.label)).toEqual([]);
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    what,
  ).toEqual([]);
}

/** The server's HTML is hydrated (the app marks it), for a page opened outside the fixtures' waiting `goto`. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

async function formReady(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.locator('form[aria-labelledby="exchange-title"]')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('course-line')).toBeVisible();
}

async function createClaim(request: APIRequestContext, locale: 'ru' | 'en'): Promise<string> {
  const directions = (await (await request.get('/api/v1/calculator/')).json()) as { currencies: { id: number; code: string }[] };
  const idOf = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const pair = (await (await request.get(`/api/v1/calculator/pair/${idOf('BTC')}/${idOf('SBERRUB')}/`)).json()) as {
    from: { min: string };
  };
  const response = await request.post(`${locale === 'en' ? '/en' : ''}/api/v1/claim/`, {
    data: {
      email: `focus-${locale}@example.com`,
      fromPs: idOf('BTC'),
      toPs: idOf('SBERRUB'),
      fromSumma: pair.from.min,
      fromRequisites: {},
      toRequisites: { card: VALID_CARD, name: 'Ivan Petrov' },
      recaptcha: '',
      withVerificationCourse: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/front-api/auth/login/?locale=ru', { data: DEMO });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('keyboard focus is visible on every focusable element', () => {
  for (const [device, locale] of [
    ['desktop', 'ru'],
    ['phone', 'en'],
  ] as const) {
    test.describe(`${device}, ${locale}`, () => {
      if (device === 'phone') test.use(phone);
      const prefix = locale === 'en' ? '/en' : '';

      test('home', async ({ page }) => {
        await page.goto(prefix || '/');
        await formReady(page);
        expectAllVisible(await tabThrough(page), 15);
      });

      test('claim page', async ({ page, request }) => {
        const uuid = await createClaim(request, locale);
        await page.goto(`${prefix}/claim/${uuid}`);
        await expect(page.getByRole('timer')).toBeVisible();
        expectAllVisible(await tabThrough(page), 10);
      });
    });
  }

  test('login dialog (desktop, ru): focus stays in the dialog and is always visible', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const visited = await tabThrough(page, 40);
    expectAllVisible(visited, 4);
    await expectAxeClean(page, 'open login dialog');
  });

  for (const locale of ['ru', 'en'] as const) {
    test(`burger menu (phone, ${locale}): Tab stays in the header and the menu, focus always visible`, async ({ browser }) => {
      const context = await browser.newContext({ ...phone, locale: locale === 'en' ? 'en-US' : 'ru-RU' });
      const page = await context.newPage();
      await page.goto(locale === 'en' ? '/en' : '/');
      // The home runs its app on the first interaction: the tap on the menu starts it and is made again once live.
      await untilHydrated(page);
      await page.getByRole('button', { name: locale === 'en' ? 'Open menu' : 'Открыть меню' }).click();
      await expect(page.locator('#mobile-menu')).toBeVisible();
      const visited = await tabThrough(page, 40);
      expectAllVisible(visited, 6);
      expect(visited.filter((entry) => !entry.inHeader).map((entry) => entry.label)).toEqual([]);
      // The open menu and its bar lie above the support button (docked in the bar on phones).
      const support = page.getByRole('button', { name: locale === 'en' ? 'Contact support' : 'Связаться с поддержкой' });
      const box = await support.boundingBox();
      if (box) {
        const top = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('header') !== null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(top).toBe(true);
      }
      await expectAxeClean(page, 'open burger menu');
      await context.close();
    });
  }
});

/** Beyond the route table's public pages: the 404 page, and in Russian a news item of the seed. */
const EXTRA_PUBLIC_ROUTES = { ru: ['/no-such-page', '/news/review-contest'], en: ['/en/no-such-page'] };
const ACCOUNT_ROUTES = ['/account', '/account/orders', '/account/referrer', '/account/settings', '/account/adv'];
const RUSSIAN_ONLY_ACCOUNT_ROUTES = ['/account/cards', '/account/promocodes'];

test.describe('axe, WCAG 2.2 AA: nothing serious or critical', () => {
  for (const locale of ['ru', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';
    test(`every public route (${locale})`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const routes = [...publicPaths(locale), ...EXTRA_PUBLIC_ROUTES[locale]];
      routes.push(`${prefix}/claim/${await createClaim(request, locale)}`);
      for (const route of routes) {
        await page.goto(route);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectAxeClean(page, `${locale} ${route}`);
      }
    });

    test(`every account route (${locale})`, async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page);
      for (const route of [...ACCOUNT_ROUTES, ...(locale === 'ru' ? RUSSIAN_ONLY_ACCOUNT_ROUTES : [])]) {
        await page.goto(`${prefix}${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectAxeClean(page, `${locale} ${route}`);
      }
    });
  }

  test('open dialogs and panels: cancel confirmation, support panel', async ({ page }) => {
    const uuid = await createClaim(page.request, 'en');
    await page.goto(`/en/claim/${uuid}`);
    await page.getByRole('button', { name: 'Cancel the request' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel the request?' })).toBeVisible();
    await expectAxeClean(page, 'cancel confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Contact support' }).click();
    await expect(page.getByTestId('support-panel')).toBeVisible();
    await expectAxeClean(page, 'support panel');
  });
});

test.describe('public calls carry no access token (docs/product.md §6)', () => {
  test('signed in, the calculator, news and claim pages call the API without Authorization; account calls with it', async ({
    page,
    request,
  }) => {
    const pending: Promise<{ url: string; authorized: boolean }>[] = [];
    page.on('request', (sent: Request) => {
      const url = new URL(sent.url());
      if (!/^(\/en)?\/api\//.test(url.pathname)) return;
      pending.push(sent.allHeaders().then((headers) => ({ url: `${sent.method()} ${url.pathname}`, authorized: 'authorization' in headers })));
    });
    await signIn(page);
    await page.goto('/');
    await formReady(page);
    await expect(page.getByRole('link', { name: DEMO.email })).toBeVisible();
    // The rendered home arrives with its pair, so change both currencies: their options and pairs are public calls.
    for (const side of ['from', 'to']) {
      await page.locator(`input[name="${side}"]`).click();
      // Another currency than the one shown, so the choice is a change (the last option was sometimes the selected one).
      await page.getByRole('option', { selected: false }).first().click();
      await expect(page.locator('form[aria-labelledby="exchange-title"]')).toHaveAttribute('aria-busy', 'false');
    }
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const uuid = await createClaim(request, 'ru');
    await page.goto(`/claim/${uuid}`);
    await expect(page.getByRole('timer')).toBeVisible();
    await page.goto('/account/orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const calls = await Promise.all(pending);

    const account = (url: string) => /\/api\/v[12]\/(users\/me\/|users\/reactivate\/|verify\/)/.test(url);
    const publicCalls = calls.filter((call) => !account(call.url));
    // Server-rendered pages arrive with their data, so only a few public calls remain to check.
    expect(publicCalls.length).toBeGreaterThanOrEqual(2);
    expect(publicCalls.filter((call) => call.authorized).map((call) => call.url)).toEqual([]);
    expect(calls.filter((call) => account(call.url) && call.authorized).length).toBeGreaterThan(0);
  });

  test("signed in, the claim page's own calls (form, status, cancel) go without Authorization; the capability cookie proves the owner", async ({
    page,
  }) => {
    await signIn(page);
    const refreshed = await page.request.post('/front-api/auth/refresh/?locale=ru');
    const { access } = (await refreshed.json()) as { access: string };
    // Created through the browser's own cookie jar, as the calculator would: the claim's capability cookie lands there.
    const uuid = await createClaimAs(page.request, 'ru', `owner-${Date.now()}@example.com`, access);
    const claimCalls: Promise<{ url: string; authorized: boolean }>[] = [];
    page.on('request', (sent: Request) => {
      const url = new URL(sent.url());
      if (!url.pathname.startsWith(`/api/v1/claim/${uuid}/`)) return;
      claimCalls.push(sent.allHeaders().then((headers) => ({ url: `${sent.method()} ${url.pathname}`, authorized: 'authorization' in headers })));
    });
    await page.goto(`/claim/${uuid}`);
    await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');
    // The owner of a claim made while signed in sees its card in full and may cancel it, with no token sent.
    await expect(page.getByText('4111 1111 1111 1111').or(page.getByText('4111111111111111')).first()).toBeVisible();
    await page.getByRole('button', { name: 'Отменить заявку', exact: true }).click();
    await page.getByRole('dialog', { name: 'Отменить заявку?' }).getByRole('button', { name: 'Отменить заявку' }).click();
    await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'canceled');
    const calls = await Promise.all(claimCalls);
    expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining([`GET /api/v1/claim/${uuid}/form/`, `POST /api/v1/claim/${uuid}/cancel/`]));
    expect(calls.filter((call) => call.authorized).map((call) => call.url)).toEqual([]);
  });
});

test.describe('locale of the first visit (docs/product.md §2/§4)', () => {
  test('an English browser opening /rules stays on the Russian page; the bare root goes to /en', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Правила обмена' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/rules');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await context.clearCookies();
    await page.goto('/');
    await page.waitForURL(/\/en$/);
    await context.close();
  });
});

test.describe('refused requisites name the broken rule', () => {
  test('claim form: check digit of the card, network of the address', async ({ page }) => {
    await page.goto('/?cur_from=BTC&cur_to=SBERRUB');
    await formReady(page);
    await page.locator('input[name="toRequisites.card"]').fill('4111 1111 1111 1112');
    await page.locator('input[name="toRequisites.name"]').fill('Иван Петров');
    await page.locator('input[name="email"]').fill('rules@example.com');
    await page.locator('input[name="agree"]').check();
    await page.getByRole('button', { name: 'Обменять', exact: true }).click();
    await expect(page.getByText('Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.')).toBeVisible();

    await page.goto('/?cur_from=SBERRUB&cur_to=BTC');
    await formReady(page);
    await page.locator('input[name="fromRequisites.card"]').fill('4111 1111 1111 1111');
    await page.locator('input[name="toRequisites.address"]').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.locator('input[name="email"]').fill('rules@example.com');
    await page.locator('input[name="agree"]').check();
    await page.getByRole('button', { name: 'Обменять', exact: true }).click();
    await expect(page.getByText('Это адрес сети Ethereum (ERC20), а нужен адрес сети Bitcoin.')).toBeVisible();
  });

  test('/account/cards: length and check digit each have their message', async ({ page }) => {
    await signIn(page);
    await page.goto('/account/cards');
    const number = page.getByLabel('Номер карты');
    await number.fill('4111 1111 1111');
    await page.getByRole('button', { name: 'Добавить карту' }).click();
    await expect(page.getByText('В номере карты от 16 до 19 цифр.')).toBeVisible();
    await number.fill('4111 1111 1111 1112');
    await page.getByRole('button', { name: 'Добавить карту' }).click();
    await expect(page.getByText('Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.')).toBeVisible();
  });
});

test.describe('an amount that changes says why', () => {
  test('raised to the minimum, lowered to the maximum, not an amount, minimum of a new pair', async ({ page }) => {
    await page.goto('/?cur_from=BTC&cur_to=SBERRUB');
    await formReady(page);
    const give = page.locator('input[name="fromSumma"]');
    const note = (text: RegExp) => page.getByRole('status').filter({ hasText: text });

    await give.fill('0,00001');
    await give.press('Tab');
    await expect(note(/^Увеличено до минимума [\d\s,]+ BTC\.$/)).toBeVisible();

    await give.fill('5');
    await expect(note(/Увеличено/)).toHaveCount(0);
    await give.press('Tab');
    await expect(note(/^Уменьшено до максимума [\d\s,]+ BTC\.$/)).toBeVisible();

    // Letters are refused as they are typed: the field keeps its amount and says what it takes.
    const kept = await give.inputValue();
    await give.pressSequentially('abc');
    await expect(page.getByText('Введите число, например 1500 или 0,25.')).toBeVisible();
    await expect(give).toHaveValue(kept);

    await give.fill('0,05');
    await page.locator('input[name="to"]').click();
    await page.locator('input[name="to"]').fill('Т-Банк');
    await page.getByRole('option', { name: /Т-Банк/ }).click();
    await expect(note(/^Установлен минимум нового направления — [\d\s,]+ BTC\.$/)).toBeVisible();
  });

  test('an amount nobody edits is grouped like the rest of the page', async ({ page }) => {
    await page.goto('/?cur_from=BTC&cur_to=SBERRUB');
    await formReady(page);
    await expect(page.locator('input[name="toSumma"]')).toHaveValue(/^\d{1,3}(\u00a0\d{3})+,\d{2}$/);
    await page.locator('input[name="toSumma"]').focus();
    await expect(page.locator('input[name="toSumma"]')).toHaveValue(/^\d{4,},\d{2}$/);
  });
});
