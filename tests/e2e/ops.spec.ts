// The back office in a real browser: an operator created by the CLI signs in with a code computed from the
// printed secret, sees a claim made on the site arrive in the live queue without a reload, opens it, views the
// receipt, moves it to completed, and the client's claim page follows. In Russian and in English.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { directionLimitsOf } from '../../machines/calculatorRules.ts';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import { limitsOf } from '../../src/domain/limits.ts';
import { expect, expectAccessible, RECEIVING_ACCOUNTS, test } from './fixtures.ts';
import { JOURNEY_PORT, ops } from './operator.ts';

const PASSWORD = 'ops-journey-7';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Creates an operator with the CLI and answers the authenticator built from the printed otpauth:// URI. */
async function newOperator(email: string): Promise<TOTP> {
  const out = await ops('operators', 'create', email, '--password', PASSWORD);
  const uri = /otpauth:\/\/totp\/\S+/.exec(out)?.[0];
  if (!uri) throw new Error(`no enrolment URI in: ${out}`);
  const secret = new URL(uri).searchParams.get('secret')!;
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
}

async function claimRequest(request: APIRequestContext, email: string, verified: boolean, token?: string) {
  const directions = (await (await request.get('/api/v1/calculator/')).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const [fromId, toId] = [id('BTC'), id('SBERRUB')];
  const pair = (await (await request.get(`/api/v1/calculator/pair/${fromId}/${toId}/`)).json()) as PairResponse;
  return request.post('/api/v1/claim/', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: {
      email,
      fromPs: fromId,
      toPs: toId,
      fromSumma: limitsOf(directionLimitsOf(pair), pair.course, verified).give.min,
      fromRequisites: {},
      toRequisites: { card: '4111111111111111', name: 'Ivan Petrov' },
      withVerificationCourse: verified,
      recaptcha: '',
    },
  });
}

async function createClaim(request: APIRequestContext, email: string): Promise<string> {
  const response = await claimRequest(request, email, false);
  expect(response.status()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function signIn(page: Page, base: string, email: string, totp: TOTP, texts: { email: string; password: string; code: string; submit: string }) {
  await page.goto(`${base}/`);
  await expect(page.getByLabel(texts.email)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill(PASSWORD);
  const code = page.getByLabel(texts.code);
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(totp.generate());
  await page.getByRole('button', { name: texts.submit }).click();
  // Signed in once the form is gone: a navigation before that would cancel the sign-in.
  await expect(code).toHaveCount(0);
}

const LOCALES = {
  ru: {
    base: '/ops',
    site: '',
    signIn: { email: 'E-mail', password: 'Пароль', code: 'Код из приложения-аутентификатора', submit: 'Войти' },
    claims: 'Заявки',
    receipt: 'Чек об оплате',
    moves: ['Клиент сообщил об оплате', 'В обработке', 'Выполнена'],
    confirm: 'Подтвердить',
    completedOnSite: /выполнена/i,
    audit: 'Журнал действий',
  },
  en: {
    base: '/ops/en',
    site: '/en',
    signIn: { email: 'E-mail', password: 'Password', code: 'Code from the authenticator app', submit: 'Sign in' },
    claims: 'Claims',
    receipt: 'Payment receipt',
    moves: ['Payment reported', 'Processing', 'Completed'],
    confirm: 'Confirm',
    completedOnSite: /completed/i,
    audit: 'Audit log',
  },
} as const;

for (const [locale, texts] of Object.entries(LOCALES)) {
  test(`an operator runs a claim from the console to completed (${locale})`, async ({ page, request, browser }) => {
    const email = `operator-${locale}@example.com`;
    const totp = await newOperator(email);
    await signIn(page, texts.base, email, totp, texts.signIn);
    await expect(page.getByRole('heading', { name: texts.claims, level: 1 })).toBeVisible();

    // A client creates a claim on the site and sends a receipt; the open queue shows it without a reload.
    const uuid = await createClaim(request, `client-${locale}@example.com`);
    const upload = await request.post(`/api/v1/claim/${uuid}/bill/`, {
      multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(upload.ok()).toBe(true);
    const row = page.locator(`tr[data-claim="${uuid}"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle(/^\(\d+\) Exchanger Ops$/);
    await expectAccessible(page);

    // The client follows the claim on its page meanwhile.
    const client = await browser.newPage();
    await client.goto(`${texts.site}/claim/${uuid}`);

    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name: uuid })).toBeVisible();
    const receipt = page.getByRole('img', { name: texts.receipt }).first();
    await expect(receipt).toBeVisible();
    await expectAccessible(page);
    expect(await receipt.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await receipt.click();
    await expect(page.getByRole('dialog', { name: texts.receipt })).toBeVisible();
    await page.keyboard.press('Escape');

    for (const move of texts.moves) {
      await page.getByRole('button', { name: move, exact: true }).click();
      await page.getByRole('button', { name: new RegExp(`^${texts.confirm}`) }).click();
      await expect(page.getByRole('list', { name: /./ }).getByText(move).last()).toBeVisible();
    }
    await expect(page.locator('header').getByText(texts.moves[2])).toBeVisible();

    await expect(client.getByText(texts.completedOnSite).first()).toBeVisible({ timeout: 20_000 });
    await client.close();

    await page.getByRole('link', { name: texts.audit }).click();
    await expect(page.getByRole('cell', { name: uuid }).first()).toBeVisible();
  });
}

/** The activation token mailed to `to` (the outbox of the journey server's data folder). */
async function activationToken(to: string): Promise<string> {
  const outbox = path.join('test-data', `e2e-${JOURNEY_PORT}`, 'outbox');
  let link: string | null = null;
  await expect
    .poll(async () => {
      for (const name of (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.json'))) {
        const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as { to: string; kind: string; link: string };
        if (mail.to === to && mail.kind === 'activation') link = mail.link;
      }
      return link !== null;
    })
    .toBe(true);
  return new URL(link!).pathname.split('/').filter(Boolean).pop()!;
}

test('a card verification approved in the console unlocks the verified rate for its user', async ({ page, request }) => {
  const userEmail = `verified-${Date.now()}@example.com`;
  const password = 'client-pass-2026';
  const signup = await request.post('/api/v1/users/signup/', { data: { email: userEmail, password, passwordConfirm: password, agree: true } });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const activated = await request.post(`/api/v1/users/activate/${await activationToken(userEmail)}/`);
  expect(activated.ok(), await activated.text()).toBe(true);
  const login = await request.post('/front-api/auth/login/', { data: { email: userEmail, password } });
  const token = ((await login.json()) as { access: string }).access;
  const auth = { authorization: `Bearer ${token}` };

  const refused = await claimRequest(request, userEmail, true, token);
  expect(refused.status()).toBe(400);

  const created = await request.post('/api/v1/verify/', { headers: auth, data: { card: '4000 0000 0000 0002' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, uuid } = (await created.json()) as { id: number; uuid: string };
  const upload = await request.post('/api/v2/verify/upload/', {
    headers: auth,
    multipart: { verification: String(id), file: { name: 'card.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  expect((await request.post('/api/v2/verify/confirm/', { headers: auth, data: { verification: id } })).ok()).toBe(true);

  const email = 'operator-cards@example.com';
  const totp = await newOperator(email);
  await signIn(page, LOCALES.ru.base, email, totp, LOCALES.ru.signIn);
  await page.getByRole('link', { name: 'Верификации' }).click();
  const item = page.locator(`li[data-verification="${uuid}"]`);
  await expect(item.getByText(userEmail)).toBeVisible();
  await expect(item.getByRole('img')).toHaveCount(1);
  await item.getByRole('button', { name: 'Одобрить', exact: true }).click();
  await item.getByRole('button', { name: /^Подтвердить/ }).click();
  await expect(item).toHaveCount(0);

  const unlocked = await claimRequest(request, userEmail, true, token);
  expect(unlocked.status(), await unlocked.text()).toBe(201);
});

const REPRICE = {
  ru: { base: '/ops', site: '', reprice: 'Пересчитать по текущему курсу', confirm: 'Подтвердить', processing: 'В обработке', record: 'Пересчитана' },
  en: { base: '/ops/en', site: '/en', reprice: 'Re-price at the current course', confirm: 'Confirm', processing: 'Processing', record: 'Re-priced' },
} as const;

for (const [locale, texts] of Object.entries(REPRICE)) {
  test(`an operator re-prices a late payment from the console and the client sees the new price (${locale})`, async ({ page, request, browser }) => {
    const email = `operator-late-${locale}@example.com`;
    const totp = await newOperator(email);
    await signIn(page, texts.base, email, totp, LOCALES[locale as keyof typeof LOCALES].signIn);
    const uuid = await createClaim(request, `client-late-${locale}@example.com`);
    // The deadline passed unpaid, then the money arrived: the operator took it on as paid late.
    await ops('claims', 'move', uuid, 'expired');
    await ops('claims', 'move', uuid, 'paid_late');

    await page.goto(`${texts.base}/claims/${uuid}`);
    await expect(page.getByRole('heading', { name: uuid })).toBeVisible();
    await expect(page.getByTestId('ops-reprice-quote')).toBeVisible();
    await page.getByRole('button', { name: texts.reprice, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${texts.confirm}`) }).click();
    await expect(page.locator('header').getByText(texts.processing)).toBeVisible();
    await expect(page.getByTestId('ops-repricing')).toBeVisible();
    await expect(page.getByTestId('ops-reprice-quote')).toHaveCount(0);
    await expect(page.getByText(texts.record, { exact: true })).toBeVisible();
    await expectAccessible(page);

    const client = await browser.newPage();
    await client.goto(`${texts.site}/claim/${uuid}`);
    await expect(client.getByTestId('claim-status')).toHaveAttribute('data-status', 'processing');
    await expect(client.getByTestId('claim-repricing')).toBeVisible();
    await expect(client.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(4);
    await client.close();
  });
}

const FORMULA_TEXTS = {
  ru: {
    directions: 'Направления',
    liveRates: 'Курсы по рынку',
    follow: 'Курс по рынку',
    save: 'Сохранить',
    refusal: 'Позиция 19: Неизвестный источник (известны: binance, cbr).',
  },
  en: {
    directions: 'Directions',
    liveRates: 'Live rates',
    follow: 'Follow the market',
    save: 'Save',
    refusal: 'Position 19: Unknown source (known: binance, cbr).',
  },
} as const;

for (const [locale, texts] of Object.entries(LOCALES)) {
  test(`a market formula with an unknown source is refused on the directions screen, where it points, and nothing changes (${locale})`, async ({
    page,
  }) => {
    const words = FORMULA_TEXTS[locale as keyof typeof FORMULA_TEXTS];
    const email = `rates-${locale}@example.com`;
    const totp = await newOperator(email);
    await signIn(page, texts.base, email, totp, texts.signIn);
    await page.getByRole('link', { name: words.directions }).click();
    await expect(page.getByRole('heading', { name: words.liveRates })).toBeVisible();
    const row = page.locator('[data-direction="BTC-SBERRUB"]');
    const rate = row.locator('.tabular-nums').first();
    const before = await rate.textContent();
    await row.getByRole('button', { name: words.follow }).click();
    await row.locator('input[name="course"]').fill('binance:BTCUSDT * nowhere:USD');
    await row.getByRole('button', { name: words.save }).click();
    await expect(row.getByText(words.refusal)).toBeVisible();
    await expectAccessible(page);
    await expect(row.locator('[data-formula]')).toHaveAttribute('data-formula', 'off');
    await expect(rate).toHaveText(before!);
  });
}

// While the added Sberbank account is active a new card claim could be given it: the claim journey that checks for
// a seeded account holds the same lock.
test('the payment details screen lists the deposit pools, and a receiving account is added and disabled, each approved by a second admin', { lock: RECEIVING_ACCOUNTS }, async ({ page, browser }) => {
  // Two admins, two browsers and two approvals: more than the default minute on a loaded machine.
  test.setTimeout(240_000);
  const texts = LOCALES.en;
  // A retry signs up operators of its own: the first attempt's already exist.
  const attempt = test.info().retry;
  const email = `payments-en-${attempt}@example.com`;
  const totp = await newOperator(email);
  const approverEmail = `payments-approver-en-${attempt}@example.com`;
  const approverTotp = await newOperator(approverEmail);
  await signIn(page, texts.base, email, totp, texts.signIn);
  await page.getByRole('link', { name: 'Payment details' }).click();
  const pools = page.locator('section[aria-labelledby="pools-title"]');
  await expect(pools.getByRole('columnheader', { name: 'Given to claims' })).toBeVisible();
  await expect(pools.getByTestId('pool-BTC')).toBeVisible();

  const accounts = page.locator('section[aria-labelledby="accounts-title"]');
  await accounts.getByRole('button', { name: 'Add an account' }).click();
  await accounts.getByLabel('Currency code (SBERRUB, SBPRUB…)').fill('SBERRUB');
  await accounts.getByLabel('Card, phone or wallet number').fill('5555555555554444');
  await accounts.getByLabel('Holder (optional)').fill('Ivan Petrov');
  await accounts.getByRole('button', { name: 'Save' }).click();
  const row = accounts.locator('tr[data-testid^="account-"]').filter({ hasText: 'Ivan Petrov' });
  await expect(row).toHaveCount(0);

  // Four eyes: where clients pay changes only when another admin approves it on the pending changes screen.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signIn(approver, texts.base, approverEmail, approverTotp, texts.signIn);
  const approve = async () => {
    await approver.getByRole('link', { name: 'Pending changes' }).click();
    await approver.reload();
    const change = approver.getByRole('listitem').filter({ hasText: `Proposed by ${email}` }).first();
    await change.getByRole('button', { name: 'Approve and apply' }).click();
    await change.getByRole('button', { name: /^Confirm/ }).click();
    await expect(approver.getByRole('listitem').filter({ hasText: `Proposed by ${email}` })).toHaveCount(0);
  };
  await approve();
  await page.reload();
  await expect(row.getByRole('cell', { name: 'SBERRUB' })).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: 'Disable' }).click();
  await row.getByRole('button', { name: /^Confirm/ }).click();
  await approve();
  await page.reload();
  await expect(row.getByText('Disabled')).toBeVisible();
  await approverContext.close();
});
