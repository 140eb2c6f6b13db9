// The account area in a real browser, signed in as the demo user: a card verification from the number to the
// operator's approval (with a real image upload), a referral withdrawal within the balance and one above it,
// every account page in both languages with its title, breadcrumb and no serious axe violation, and the
// referrer page on a phone.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, phone, test } from './fixtures.ts';
import { ops } from './operator.ts';
import type { AccessResponse, ReferralBalance } from '../../src/api/schemas/user.ts';
import type { Verification } from '../../src/api/schemas/verification.ts';
import { compare, subtract } from '../../src/domain/money.ts';
import { luhnValid } from '../../src/domain/requisites.ts';
import { cardInFours, maskCard } from '../../src/domain/requisiteMask.ts';
import { formatMoney } from '../../src/components/account/format.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The demo account of server/seed/demoUser.ts (same environment overrides).
const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
  password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
};
/**
 * A Luhn-valid card number no earlier attempt has added: the demo account keeps its cards, so a retry with a fixed
 * number would be refused as already added instead of testing anything.
 */
function freshCard(bin: string): string {
  const body = bin + String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const check = [...'0123456789'].find((digit) => luhnValid(body + digit))!;
  return cardInFours(body + check);
}

/** A real 1×1 PNG: the server recognises images by their first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// A Russian browser: the first-visit rule would otherwise send an English-preferring browser to /en.
test.use({ locale: 'ru-RU' });

/** Signs the browser context in (the refresh cookie lands in its jar) and returns an access token for API checks. */
async function logIn(page: Page): Promise<string> {
  const response = await page.request.post('/front-api/auth/login/?locale=ru', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AccessResponse).access;
}

async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

interface AccountPage {
  path: string;
  ru: string;
  en: string;
}

const ACCOUNT_PAGES: AccountPage[] = [
  { path: '/account/referrer', ru: 'Партнёрская программа', en: 'Referral program' },
  { path: '/account/adv', ru: 'Рекламные материалы', en: 'Promo materials' },
  { path: '/account/cards', ru: 'Карты', en: 'Cards' },
  { path: '/account/settings', ru: 'Настройки', en: 'Settings' },
  { path: '/account/promocodes', ru: 'Промокоды', en: 'Promo codes' },
];

const BREADCRUMB = { ru: 'Навигационная цепочка', en: 'Breadcrumb' };
const MAIN = { ru: 'Главная', en: 'Home' };
const ACCOUNT = { ru: 'Личный кабинет', en: 'Account' };

test.describe('card verification', () => {
  test('add a card, upload a photo with progress, confirm, and see the operator approve it', async ({ page }, testInfo) => {
    const token = await logIn(page);
    const card = freshCard('555555');
    // How the server shows it: first six and last four digits.
    const masked = cardInFours(maskCard(card));
    await page.goto('/account/cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Карты' })).toBeVisible();

    // The Luhn check refuses a mistyped number before any call.
    const number = page.getByLabel('Номер карты');
    await number.fill('5555 5555 5555 4445');
    await page.getByRole('button', { name: 'Добавить карту' }).click();
    await expect(page.getByText('Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.')).toBeVisible();

    await number.fill(card);
    await page.getByRole('button', { name: 'Добавить карту' }).click();
    await page.waitForURL(/\/verification\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: 'Верификация карты' })).toBeVisible();
    await expect(page.getByText(masked)).toBeVisible();

    // The instruction dialog explains the photo.
    await page.getByRole('button', { name: 'Как сделать фото' }).click();
    const dialog = page.getByRole('dialog');
    const dialogTitle = dialog.getByRole('heading', { name: 'Как сфотографировать карту' });
    await expect(dialogTitle).toBeVisible();
    await expect(dialog.getByText(/Закройте средние цифры/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('instruction.png') });
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    await expect(dialogTitle).toBeHidden();

    // A file of the wrong type is refused here, without an upload.
    await page.locator('#verification-file').setInputFiles({ name: 'card.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(page.getByText('Этот файл не является изображением JPEG, PNG или WebP.')).toBeVisible();

    // A slow link for the upload, so its progress bar is on screen long enough to be seen on a fast machine too
    // (on localhost the small photo was once sent before the bar could be found).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('#verification-file').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText('Загружено фотографий: 1')).toBeVisible();
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await expect(page.getByRole('heading', { name: 'Фотография на проверке' })).toBeVisible();

    const verification = await apiGet<Verification>(page, token, `/api/v1/verify/${uuid}/`);
    expect(verification).toMatchObject({ status: 'pending', images: 1, card: masked });
    await ops('verifications', 'approve', String(verification.id));

    // The page polls the status by itself.
    await expect(page.getByRole('heading', { name: 'Карта верифицирована' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('verification-approved.png'), fullPage: true });

    await page.getByRole('link', { name: 'К моим картам' }).click();
    await expect(page.getByText(masked)).toBeVisible();
    await expect(page.getByText('Верифицирована', { exact: true }).first()).toBeVisible();
  });

  test('a rejected verification shows the operator’s reason and can be sent again with a new photo', async ({ page }) => {
    const token = await logIn(page);
    const auth = { authorization: `Bearer ${token}` };
    const created = await page.request.post('/api/v1/verify/', { headers: auth, data: { card: freshCard('401288') } });
    expect(created.status(), await created.text()).toBe(201);
    const { id, uuid } = (await created.json()) as Verification;
    const upload = await page.request.post('/api/v2/verify/upload/', {
      headers: auth,
      multipart: { verification: String(id), file: { name: 'card.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const confirm = await page.request.post('/api/v2/verify/confirm/', { headers: auth, data: { verification: id } });
    expect(confirm.ok(), await confirm.text()).toBe(true);

    await page.goto(`/verification/${uuid}`);
    await expect(page.getByRole('heading', { name: 'Фотография на проверке' })).toBeVisible();
    await ops('verifications', 'reject', String(id), '--reason', 'Не видно даты на листе');
    await expect(page.getByRole('heading', { name: 'Верификация отклонена' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Не видно даты на листе')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Повторить' }).click();
    await page.locator('#verification-file').setInputFiles({ name: 'card-2.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(/Загружено фотографий: \d/)).toBeVisible();
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await expect(page.getByRole('heading', { name: 'Фотография на проверке' })).toBeVisible();
    const status = await apiGet<{ status: string; reason: string | null }>(page, token, `/api/v1/verify/${id}/status/`);
    expect(status).toEqual({ status: 'pending', reason: null });
  });

  test('a visitor who is not signed in is asked to log in', async ({ page }) => {
    await page.goto('/verification/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Войдите в аккаунт, в котором добавлена эта карта')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('referral withdrawal', () => {
  test('a request within the balance succeeds, one above it shows the field error', async ({ page }) => {
    const token = await logIn(page);
    const before = await apiGet<ReferralBalance>(page, token, '/api/v1/users/me/refferal/');
    // The demo seed gives the account earnings above the minimum withdrawal.
    expect(compare(before.balance, before.minWithdrawal)).toBeGreaterThanOrEqual(0);

    await page.goto('/account/referrer');
    await expect(page.getByRole('heading', { level: 1, name: 'Партнёрская программа' })).toBeVisible();
    await expect(page.getByText(formatMoney(before.balance, before.unit, 'ru')).first()).toBeVisible();

    const amount = page.getByLabel(`Сумма, ${before.unit}`);
    const requisites = page.getByLabel('Реквизиты');
    await amount.fill(before.minWithdrawal);
    await requisites.fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Заказать вывод' }).click();
    await expect(page.getByText('Заявка на вывод успешно создана')).toBeVisible();

    const after = await apiGet<ReferralBalance>(page, token, '/api/v1/users/me/refferal/');
    expect(compare(after.balance, subtract(before.balance, before.minWithdrawal))).toBe(0);
    // The balance and the list of requests follow without a reload.
    await expect(page.getByText(formatMoney(after.balance, after.unit, 'ru')).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Заявки на вывод' }).getByText('На проверке')).toBeVisible();

    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await amount.fill('99999999');
    await requisites.fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Заказать вывод' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Сумма больше вашего баланса.')).toBeVisible();
    // Editing the field clears its error.
    await amount.fill('600');
    await expect(page.getByText('Сумма больше вашего баланса.')).toBeHidden();
    const unchanged = await apiGet<ReferralBalance>(page, token, '/api/v1/users/me/refferal/');
    expect(unchanged.balance).toBe(after.balance);

    // The history of earnings and withdrawals, with its date filter.
    const { count } = await apiGet<{ count: number }>(page, token, '/api/v1/users/me/refferal/dw/count/');
    expect(count).toBeGreaterThan(1);
    const history = page.getByRole('region', { name: 'Начисления и выводы' });
    await expect(history.getByRole('row')).toHaveCount(Math.min(count, 10) + 1);
    await expect(history.getByRole('row').nth(1)).toContainText('Вывод');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await history.getByLabel('С', { exact: true }).fill(tomorrow);
    await expect(history.getByText('За этот период операций нет.')).toBeVisible();
    await history.getByLabel('С', { exact: true }).fill('');
    await expect(history.getByRole('row')).toHaveCount(Math.min(count, 10) + 1);
  });
});

test.describe('account pages in both languages', () => {
  for (const locale of ['ru', 'en'] as const) {
    for (const entry of ACCOUNT_PAGES) {
      test(`${locale} ${entry.path}: title, breadcrumb, accessible`, async ({ page }, testInfo) => {
        await logIn(page);
        await page.goto(`${locale === 'en' ? '/en' : ''}${entry.path}`);
        const title = entry[locale];
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(title));
        const crumbs = page.getByRole('navigation', { name: BREADCRUMB[locale] });
        await expect(crumbs.getByRole('link', { name: MAIN[locale] })).toBeVisible();
        await expect(crumbs.getByRole('link', { name: ACCOUNT[locale] })).toBeVisible();
        await expect(crumbs.getByText(title, { exact: true })).toHaveAttribute('aria-current', 'page');
        // Wait for the data to arrive before checking the page.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectAccessible(page);
        await page.screenshot({ path: testInfo.outputPath(`${locale}-${entry.path.split('/').pop()}.png`), fullPage: true });
      });
    }
  }

  test('the referral link points at the home page of the language, with the code', async ({ page }) => {
    const token = await logIn(page);
    const terms = await apiGet<ReferralBalance>(page, token, '/api/v1/users/me/refferal/');
    await page.goto('/en/account/adv');
    await expect(page.getByLabel('Your referral link')).toHaveValue(`http://127.0.0.1:${PORT}/en?ref=${terms.referralCode}`);
    await page.goto('/account/adv');
    await expect(page.getByLabel('Ваша партнёрская ссылка')).toHaveValue(`http://127.0.0.1:${PORT}/?ref=${terms.referralCode}`);
    await expect(page.locator('svg[width="468"][height="60"]')).toBeVisible();
    await expect(page.locator('svg[width="200"][height="200"]')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the referrer page fits the screen and stays accessible', async ({ page }, testInfo) => {
    await logIn(page);
    await page.goto('/account/referrer');
    await expect(page.getByRole('heading', { level: 1, name: 'Партнёрская программа' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Заказать вывод' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('referrer-phone.png'), fullPage: true });
  });

  test('the banners of the ads page scale down to the screen', async ({ page }, testInfo) => {
    await logIn(page);
    await page.goto('/account/adv');
    const wide = page.locator('svg[width="468"][height="60"]');
    await expect(wide).toBeVisible();
    const box = await wide.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('adv-phone.png'), fullPage: true });
  });

  test('the verification page guides the photo on a small screen', async ({ page }, testInfo) => {
    const token = await logIn(page);
    const created = await page.request.post('/api/v1/verify/', {
      headers: { authorization: `Bearer ${token}` },
      data: { card: '4000 0000 0000 0002' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { uuid } = (await created.json()) as Verification;
    await page.goto(`/en/verification/${uuid}`);
    await expect(page.getByRole('heading', { name: 'Photograph the card' })).toBeVisible();
    await expect(page.getByText('JPEG, PNG or WebP, up to 10 MB.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('verification-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'How to take the photo' }).click();
    const instruction = page.getByRole('dialog').getByRole('heading', { name: 'How to photograph the card' });
    await expect(instruction).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('instruction-phone.png') });
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(instruction).toBeHidden();

    // Deleting asks first, then removes the verification on the server.
    await page.getByRole('button', { name: 'Delete this verification' }).click();
    await expect(page.getByRole('group', { name: 'Delete this verification?' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('The verification has been deleted.')).toBeVisible();
    const gone = await page.request.get(`/api/v1/verify/${uuid}/`, { headers: { authorization: `Bearer ${token}` } });
    expect(gone.status()).toBe(404);
  });
});
