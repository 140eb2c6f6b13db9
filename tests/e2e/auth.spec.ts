// Sign-in journeys against the real server: the demo user's orders, session kept across reloads, logout,
// a wrong password, registration with the mailed activation link, password recovery, and the phone layout.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, phone, test } from './fixtures.ts';
import { requisiteValid, type RequisiteCheck } from '../../src/domain/requisites.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const outbox = path.join('test-data', `e2e-${port}`, 'outbox');
const DEMO = { email: 'demo@exchanger.local', password: 'demo2026pass' };

/** One valid sample per requisite check, so a claim can be created from any pair's form structure. */
const SAMPLE: Record<RequisiteCheck, string> = {
  card: '4111111111111111',
  phone: '+79991234567',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  eth: `0x${'ab'.repeat(20)}`,
  trc20: 'TCC4mAXyq9ekoczjoDU5hUMceCCk7kvdQJ',
  ltc: 'ltc1qrp0v0unz7r5p6nzpjeslwjnqj3ekfg5293n095',
  ton: 'UQAYXsfyYvDoHUxBlmH3SmCUc2SiiuDQJNaFcNs0_lmV7Xh1',
  yoomoney: '4100123456789',
  name: 'Ivan Petrov',
  text: 'E2E test',
};

interface FormField {
  name: string;
  check: RequisiteCheck;
  visible: boolean;
}

function requisitesOf(fields: FormField[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields.filter((f) => f.visible)) {
    expect(requisiteValid(field.check, SAMPLE[field.check]), `sample for ${field.check}`).toBe(true);
    values[field.name] = SAMPLE[field.check];
  }
  return values;
}

/** Creates a claim for `email` through the API, from the first direction's pair structure. */
/**
 * A claim the account makes while signed in through the API: only a claim made signed in belongs to an account (a
 * guest claim typed with the same e-mail borrows nothing from it).
 */
async function createOwnClaim(request: APIRequestContext, email: string, password: string): Promise<string> {
  const signIn = await request.post('/front-api/auth/login/', { data: { email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { access } = (await signIn.json()) as { access: string };
  const directions = await (await request.get('/api/v1/calculator/')).json();
  const direction = directions.directions[0];
  const from = direction.id as number;
  const to = direction.ids[0] as number;
  const pair = await (await request.get(`/api/v1/calculator/pair/${from}/${to}/`)).json();
  const response = await request.post('/api/v1/claim/', {
    data: {
      email,
      fromPs: from,
      toPs: to,
      fromSumma: pair.from.min,
      fromRequisites: requisitesOf(pair.from.structure.input),
      toRequisites: requisitesOf(pair.to.structure.input),
      withVerificationCourse: false,
      recaptcha: '',
    },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).uuid as string;
}

/** The link of the newest mail of `kind` sent to `to`, waiting for it to be written. */
async function mailedLink(to: string, kind: 'activation' | 'restore'): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
        for (const name of names.reverse()) {
          const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8'));
          if (mail.to === to && mail.kind === kind) {
            link = mail.link as string;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

const dialog = (page: Page) => page.getByRole('dialog');

async function loginThroughModal(page: Page, email: string, password: string, openLabel = 'Войти') {
  await page.getByRole('button', { name: openLabel, exact: true }).first().click();
  await expect(dialog(page).getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();
  await dialog(page).locator('input[name=email]').fill(email);
  await dialog(page).locator('input[name=password]').fill(password);
  await dialog(page).locator('input[name=password]').press('Enter');
}

test.use({ locale: 'ru-RU' });

test('the demo user signs in, sees their claims, stays signed in after a reload and logs out', async ({ page, request }) => {
  const uuid = await createOwnClaim(request, DEMO.email, DEMO.password);
  await page.goto('/');
  await loginThroughModal(page, DEMO.email.toUpperCase(), DEMO.password);
  await page.waitForURL('**/account/orders');
  await expect(page.getByRole('heading', { name: 'Заявки', level: 1 })).toBeVisible();
  const claimLink = page.locator(`a[href="/claim/${uuid}"]`);
  await expect(claimLink).toBeVisible();

  await page.reload();
  await expect(claimLink).toBeVisible();
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: DEMO.email })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Выйти' })).toBeVisible();

  await header.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(header.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  await page.goto('/account/orders');
  await page.waitForURL('**/login');
});

test('a wrong password shows the general error, cleared fields are checked before sending', async ({ page }) => {
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByRole('button', { name: 'Войти' }).click();
  await expect(form.getByText('Обязательное поле.')).toHaveCount(2);
  await form.locator('input[name=email]').fill(DEMO.email);
  await form.locator('input[name=password]').fill('not-the-password');
  await form.getByRole('button', { name: 'Войти' }).click();
  await expect(form.getByRole('alert')).toHaveText('Неверный e-mail или пароль.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a new user registers, activates the account from the mail and signs in', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  const password = 'fresh-pass-2026';
  await page.goto('/register');
  const form = page.locator('form');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(password);
  await form.locator('input[name=passwordConfirm]').fill(password);
  await form.getByRole('button', { name: 'Регистрация' }).click();
  await expect(form.getByText('Примите правила обмена.')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Регистрация' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  await page.goto(await mailedLink(email, 'activation'));
  await expect(page.getByText('Аккаунт успешно активирован')).toBeVisible();
  await page.getByRole('link', { name: 'Войти' }).click();
  await page.waitForURL('**/login');
  const login = page.locator('form');
  await login.locator('input[name=email]').fill(email);
  await login.locator('input[name=password]').fill(password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/account/orders');
  await page.locator('aside').getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page.getByText(email, { exact: true }).last()).toBeVisible();
  await expect(page.getByText('Активирован', { exact: true })).toBeVisible();
});

test('a forgotten password is replaced through the mailed link', async ({ page, request }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  const signup = await request.post('/api/v1/users/signup/', {
    data: { email, password: 'old-pass-2026', passwordConfirm: 'old-pass-2026', agree: true },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await page.waitForURL('**/forget');
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('status')).toContainText('Проверьте почту');

  await page.goto(await mailedLink(email, 'restore'));
  await page.locator('input[name=password]').fill('new-pass-2026');
  await page.locator('input[name=passwordConfirm]').fill('new-pass-2027');
  await page.getByRole('button', { name: 'Сохранить новый пароль' }).click();
  await expect(page.getByText('Пароли не совпадают.')).toBeVisible();
  await page.locator('input[name=passwordConfirm]').fill('new-pass-2026');
  await page.getByRole('button', { name: 'Сохранить новый пароль' }).click();
  await expect(page.getByText('Пароль изменён', { exact: true })).toBeVisible();

  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('new-pass-2026');
  await page.getByRole('main').getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/account/orders');
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the burger menu opens the login dialog, then the orders show', async ({ page, request }) => {
    const uuid = await createOwnClaim(request, DEMO.email, DEMO.password);
    await page.goto('/');
    // A click before hydration reaches only the server's HTML: the exchange form is busy until the page hydrates.
    await expect(page.locator('form[aria-labelledby="exchange-title"]')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: /меню/i }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await dialog(page).locator('input[name=email]').fill(DEMO.email);
    await dialog(page).locator('input[name=password]').fill(DEMO.password);
    await dialog(page).getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/account/orders');
    await expect(page.locator(`a[href="/claim/${uuid}"]`)).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/auth-phone-orders.png', fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('accessibility', () => {
  for (const prefix of ['', '/en']) {
    test(`login dialog, registration and orders pass axe (${prefix || '/'})`, async ({ page }) => {
      const english = prefix === '/en';
      await page.goto(`${prefix}/register`);
      await expect(page.locator('input[name=passwordConfirm]')).toBeVisible();
      await expectAccessible(page);

      await page.goto(prefix || '/');
      await page.getByRole('button', { name: english ? 'Sign in' : 'Войти', exact: true }).first().click();
      await expect(dialog(page).locator('input[name=email]')).toBeVisible();
      await expectAccessible(page);
      await dialog(page).locator('input[name=email]').fill(DEMO.email);
      await dialog(page).locator('input[name=password]').fill(DEMO.password);
      await dialog(page).getByRole('button', { name: english ? 'Sign in' : 'Войти' }).click();
      await page.waitForURL(`**${prefix}/account/orders`);
      await expect(page.getByRole('heading', { name: english ? 'Exchange requests' : 'Заявки', level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/e2e/auth-desktop-orders${prefix.replace('/', '-')}.png`, fullPage: true });
    });
  }
});
