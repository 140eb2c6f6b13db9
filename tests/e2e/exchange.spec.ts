// The money path in a real browser: the exchange form computes amounts the way the server does, refuses bad input
// without creating anything, opens the claim page with its countdown, follows the operator to completion, and
// expires an unpaid claim. Numbers come from the API (never hard-coded), the arithmetic from src/domain/money.ts.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, phone, shortWindowURL, test } from './fixtures.ts';
import { ops } from './operator.ts';
import { directionLimitsOf } from '../../machines/calculatorRules.ts';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';
import type { ClaimForm } from '../../src/api/schemas/claim.ts';
import { limitsOf } from '../../src/domain/limits.ts';
import { compare, formatAmount, giveFromReceive, multiply, receiveFromGive, roundDown } from '../../src/domain/money.ts';
import { groupedAmountText } from '../../src/components/exchange/amountText.ts';

const VALID_CARD = '4111 1111 1111 1111';

test.use({ locale: 'ru-RU' });

/**
 * How many claims carry one of these e-mails: a refused submission must add none. Counted per e-mail, not over
 * the whole server, because other journeys create claims at the same time.
 */
async function claimsWith(...emails: string[]): Promise<number> {
  const lines = (await ops('claims', 'list', '--limit', '100000')).split('\n');
  return lines.filter((line) => emails.some((email) => line.includes(`  ${email}  `))).length;
}

interface Pair {
  fromId: number;
  toId: number;
  pair: PairResponse;
}

async function pairOf(request: APIRequestContext, fromCode: string, toCode: string, base = ''): Promise<Pair> {
  const directions = (await (await request.get(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => {
    const found = directions.currencies.find((currency) => currency.code === code);
    if (!found) throw new Error(`no currency ${code} in the seed`);
    return found.id;
  };
  const fromId = id(fromCode);
  const toId = id(toCode);
  const pair = (await (await request.get(`${base}/api/v1/calculator/pair/${fromId}/${toId}/`)).json()) as PairResponse;
  return { fromId, toId, pair };
}

/** An amount field nobody is editing shows the amount grouped as the page does. */
function shown(amount: string, locale: 'ru' | 'en'): string {
  return groupedAmountText(amount, locale);
}

function giveField(page: Page) {
  return page.locator('input[name="fromSumma"]');
}

function receiveField(page: Page) {
  return page.locator('input[name="toSumma"]');
}

async function pickCurrency(page: Page, side: 'from' | 'to', search: string, option: RegExp) {
  const input = page.locator(`input[name="${side}"]`);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function formReady(page: Page) {
  await expect(page.locator('form[aria-labelledby="exchange-title"]')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('course-line')).toBeVisible();
}

/** Journey 1: give BTC, receive Sberbank RUB, in Russian. Returns the claim's uuid once it is completed. */
async function russianJourney(page: Page, request: APIRequestContext): Promise<void> {
  const { pair } = await pairOf(request, 'BTC', 'SBERRUB');
  const course = pair.course;
  const giveDecimals = pair.from.roundCalculator;
  const receiveDecimals = pair.to.roundCalculator;
  const limits = limitsOf(directionLimitsOf(pair), course, false);

  await page.goto('/');
  await formReady(page);
  await pickCurrency(page, 'from', 'Bit', /Bitcoin/);
  await pickCurrency(page, 'to', 'Сбер', /Сбербанк/);
  await expect(page.locator('input[name="from"]')).toHaveValue('Bitcoin');
  await expect(page.locator('input[name="to"]')).toHaveValue('Сбербанк');
  // After the pair loads, give is the give-side minimum.
  await expect(giveField(page)).toHaveValue(shown(limits.give.min!, 'ru'));

  // Receive follows give with the pair's rounding.
  await giveField(page).fill('0,0123456');
  await expect(receiveField(page)).toHaveValue(shown(receiveFromGive('0.0123456', course, receiveDecimals), 'ru'));

  // Below the minimum: leaving the field clamps give to the minimum.
  await giveField(page).fill('0,00001');
  await giveField(page).press('Tab');
  await expect(giveField(page)).toHaveValue(shown(limits.give.min!, 'ru'));
  await expect(receiveField(page)).toHaveValue(shown(receiveFromGive(limits.give.min!, course, receiveDecimals), 'ru'));

  // Typing in receive recomputes give.
  await receiveField(page).fill('100000');
  const give = giveFromReceive('100000', course, giveDecimals);
  await expect(giveField(page)).toHaveValue(shown(give, 'ru'));
  await receiveField(page).press('Tab');
  const receive = receiveFromGive(give, course, receiveDecimals);
  await expect(receiveField(page)).toHaveValue(shown(receive, 'ru'));

  await page.locator('input[name="toRequisites.card"]').fill(VALID_CARD);
  await page.locator('input[name="toRequisites.name"]').fill('Иван Петров');
  await page.locator('input[name="email"]').fill('client-ru@example.com');
  await page.locator('input[name="agree"]').check();
  await page.getByRole('button', { name: 'Обменять' }).click();

  await expect(page).toHaveURL(/\/claim\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop()!;
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');
  await expect(page.getByRole('timer')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.getByTestId('pay-amount')).toHaveText(`${formatAmount(give, 'ru-RU')} BTC`);
  await expect(page.getByTestId('claim-receive')).toContainText(`${formatAmount(receive, 'ru-RU')} RUB`);
  await expect(page.getByText('Номер карты (для выплаты)')).toBeVisible();
  // The network is named beside the address, the creation time is shown; the browser that created the claim
  // holds its capability cookie, so it sees the payout card and name in full.
  await expect(page.getByTestId('claim-payout').first()).toContainText('4111111111111111');
  await expect(page.getByText('Иван Петров')).toBeVisible();
  await expect(page.getByTestId('network-warning')).toContainText('Сеть:');
  await expect(page.getByTestId('claim-created')).not.toBeEmpty();

  // The client reports the payment after confirming it; where to pay stays in view; the operator takes it on.
  await page.getByRole('button', { name: 'Я оплатил' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вы отправили платёж?' });
  await dialog.getByRole('button', { name: 'Ещё нет' }).click();
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'awaiting_payment');
  await page.getByRole('button', { name: 'Я оплатил' }).click();
  await dialog.getByRole('button', { name: 'Да, я оплатил' }).click();
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('pay-amount')).toBeVisible();
  await expect(page.getByTestId('claim-timeline').getByRole('listitem')).toHaveCount(2);
  await ops('claims', 'move', uuid, 'processing');
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'processing', { timeout: 15_000 });
  await ops('claims', 'move', uuid, 'completed');
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('claim-status-text')).toHaveText('Обмен завершён. Деньги отправлены по вашим реквизитам.');
}

test.describe('desktop', () => {
  test('1. in Russian a visitor exchanges BTC for Sberbank RUB and sees it completed', async ({ page, request }) => {
    await russianJourney(page, request);
  });

  test('2. in English, through a deep link, a visitor exchanges Tether TRC20 for T-Bank RUB', async ({ page, request }) => {
    const { pair } = await pairOf(request, 'USDTTRC20', 'TCSBRUB');
    const limits = limitsOf(directionLimitsOf(pair), pair.course, false);
    await page.goto('/en?cur_from=USDTTRC20&cur_to=TCSBRUB');
    await formReady(page);
    await expect(page.locator('input[name="from"]')).toHaveValue('Tether TRC20');
    await expect(page.locator('input[name="to"]')).toHaveValue('T-Bank');
    await expect(giveField(page)).toHaveValue(shown(limits.give.min!, 'en'));

    await giveField(page).fill('150.5');
    const receive = receiveFromGive('150.5', pair.course, pair.to.roundCalculator);
    await expect(receiveField(page)).toHaveValue(shown(receive, 'en'));
    await giveField(page).fill('1');
    await giveField(page).press('Tab');
    await expect(giveField(page)).toHaveValue(shown(limits.give.min!, 'en'));
    await receiveField(page).fill('20000');
    const give = giveFromReceive('20000', pair.course, pair.from.roundCalculator);
    await expect(giveField(page)).toHaveValue(shown(give, 'en'));

    await page.locator('input[name="toRequisites.card"]').fill(VALID_CARD);
    await page.locator('input[name="toRequisites.name"]').fill('Ivan Petrov');
    await page.locator('input[name="email"]').fill('client-en@example.com');
    await page.getByRole('checkbox', { name: /I accept the exchange rules/ }).check();
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();

    await expect(page).toHaveURL(/\/en\/claim\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    await expect(page.getByTestId('claim-status')).toHaveText('Awaiting payment');
    await expect(page.getByRole('timer')).toHaveText(/^\d{2}:\d{2}$/);
    await expect(page.getByTestId('pay-amount')).toHaveText(`${formatAmount(give, 'en-US')} USDT`);

    for (const status of ['paid', 'processing', 'completed']) await ops('claims', 'move', uuid, status);
    await expect(page.getByTestId('claim-status')).toHaveText('Completed', { timeout: 15_000 });
    await expect(page.getByRole('timer')).toHaveCount(0);
  });

  test('the course moved while the form was open: the form says so and shows the new amounts, creating nothing', async ({
    page,
    request,
  }) => {
    const { pair } = await pairOf(request, 'LTC', 'SBERRUB');
    await page.goto('/en?cur_from=LTC&cur_to=SBERRUB');
    await formReady(page);
    await giveField(page).fill('2');
    await expect(receiveField(page)).toHaveValue(shown(receiveFromGive('2', pair.course, pair.to.roundCalculator), 'en'));
    await page.locator('input[name="toRequisites.card"]').fill(VALID_CARD);
    await page.locator('input[name="toRequisites.name"]').fill('Ivan Petrov');
    await page.locator('input[name="email"]').fill('moved@example.com');
    await page.getByRole('checkbox', { name: /I accept the exchange rules/ }).check();

    // The operator moves the course after the page loaded it.
    const moved = roundDown(multiply(pair.course, '0.9'), 2);
    await ops('rates', 'set', 'LTC', 'SBERRUB', moved);
    const before = await claimsWith('moved@example.com');
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The rate has changed. Check the new amounts and submit again.');
    await expect(receiveField(page)).toHaveValue(shown(receiveFromGive('2', moved, pair.to.roundCalculator), 'en'));
    expect(await claimsWith('moved@example.com')).toBe(before);

    // Seen the new amounts, the visitor submits again.
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/claim\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    const form = (await (await request.get(`/en/api/v1/claim/${uuid}/form/`)).json()) as ClaimForm;
    expect(compare(form.course, moved)).toBe(0);
    expect(compare(form.to.summa, receiveFromGive('2', moved, pair.to.roundCalculator))).toBe(0);
  });

  test('3. an unpaid claim expires on the page when its deadline passes', async ({ page, request }) => {
    const { pair } = await pairOf(request, 'BTC', 'SBERRUB', shortWindowURL);
    await page.goto(`${shortWindowURL}/en?cur_from=BTC&cur_to=SBERRUB`);
    await formReady(page);
    await expect(giveField(page)).toHaveValue(shown(limitsOf(directionLimitsOf(pair), pair.course, false).give.min!, 'en'));
    await page.locator('input[name="toRequisites.card"]').fill(VALID_CARD);
    await page.locator('input[name="toRequisites.name"]').fill('Ivan Petrov');
    await page.locator('input[name="email"]').fill('late@example.com');
    await page.locator('input[name="agree"]').check();
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/claim\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(
      page.getByText('The waiting time for payment has expired. If you still want to exchange, please create a new application.'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  });

  test('4. a bad card number or an amount above the reserve is shown under its field and creates nothing', async ({ page, request }) => {
    const before = await claimsWith('bad-card@example.com', 'big@example.com');

    await page.goto('/?cur_from=BTC&cur_to=SBERRUB');
    await formReady(page);
    const card = page.locator('input[name="toRequisites.card"]');
    await card.fill('4111 1111 1111 1112');
    await page.locator('input[name="toRequisites.name"]').fill('Иван Петров');
    await page.locator('input[name="email"]').fill('bad-card@example.com');
    await page.locator('input[name="agree"]').check();
    await page.getByRole('button', { name: 'Обменять' }).click();
    await expect(card).toHaveAttribute('aria-invalid', 'true');
    await expect(card).toHaveAccessibleDescription(/контрольной цифры/);
    await expect(card).toBeFocused();
    // Editing the field clears its error.
    await card.fill(VALID_CARD);
    await expect(card).not.toHaveAttribute('aria-invalid', 'true');

    // A reserve smaller than the payout: the receive field says so, on the client or from the server.
    const { pair } = await pairOf(request, 'BTC', 'YAMRUB');
    await ops('reserves', 'set', 'YAMRUB', '1000');
    try {
      await page.goto('/?cur_from=BTC&cur_to=YAMRUB');
      await formReady(page);
      await page.locator('input[name="toRequisites.wallet"]').fill('4100123456789');
      await page.locator('input[name="email"]').fill('big@example.com');
      await page.locator('input[name="agree"]').check();
      await page.getByRole('button', { name: 'Обменять' }).click();
      await expect(receiveField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(receiveField(page)).toHaveAccessibleDescription(/резерв/);
      await expect(page).toHaveURL(/\/\?cur_from=BTC&cur_to=YAMRUB$/);
    } finally {
      await ops('reserves', 'set', 'YAMRUB', pair.reserve);
    }
    expect(await claimsWith('bad-card@example.com', 'big@example.com')).toBe(before);
  });
});

test.describe('phone', () => {
  test.use(phone);

  test('6. journey 1 on a 390x844 phone', async ({ page, request }) => {
    await russianJourney(page, request);
  });
});

/** Creates a BTC → Sberbank claim at the minimum through the API and answers its uuid. */
async function createClaim(request: APIRequestContext, locale: 'ru' | 'en'): Promise<string> {
  const { fromId, toId, pair } = await pairOf(request, 'BTC', 'SBERRUB');
  const response = await request.post(`${locale === 'en' ? '/en' : ''}/api/v1/claim/`, {
    data: {
      email: `axe-${locale}@example.com`,
      fromPs: fromId,
      toPs: toId,
      fromSumma: limitsOf(directionLimitsOf(pair), pair.course, false).give.min,
      fromRequisites: {},
      toRequisites: { card: VALID_CARD.replaceAll(' ', ''), name: 'Ivan Petrov' },
      recaptcha: '',
      withVerificationCourse: false,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

test.describe('the form hydrates when the visitor reaches for it', () => {
  for (const device of ['desktop', 'phone'] as const) {
    test(`its code is not fetched before, and a first ${device === 'phone' ? 'tap' : 'click'} on it is not lost (${device})`, async ({ browser, baseURL }) => {
      // A page of its own: the journeys' page points at the form as soon as it opens (fixtures.ts).
      const context = await browser.newContext({ ...(device === 'phone' ? phone : {}), baseURL });
      await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto('/', { waitUntil: 'networkidle' });
      // The app's modules came after the paint, but the app waits for the visitor (server/http/appLoader.js).
      const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
      expect(fetched).toContain(entry);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'on-interaction');
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
      expect(fetched.filter((path) => path.includes('ExchangeForm'))).toEqual([]);
      // Readable as the server sent it, inert until hydrated.
      await expect(page.locator('input[name="fromSumma"]')).toHaveAttribute('readonly', '');
      const agree = page.locator('input[name="agree"]');
      if (device === 'phone') await agree.tap();
      else await agree.click();
      await expect(page.locator('[data-island][data-hydrated="true"]')).toHaveCount(1);
      await expect(agree).toBeChecked();
      expect(fetched.filter((path) => path.includes('ExchangeForm'))).toHaveLength(1);
      // The tap ran what was fetched: no module came twice.
      expect(fetched.filter((path) => path === entry)).toHaveLength(1);
      await expect(page.locator('input[name="fromSumma"]')).not.toHaveAttribute('readonly');
      await context.close();
    });
  }
});

test.describe('cancel', () => {
  test('a visitor cancels an unpaid claim after confirming, and the page shows it canceled', async ({ page, request }) => {
    const uuid = await createClaim(page.request, 'en');
    await page.goto(`/en/claim/${uuid}`);
    await page.getByRole('button', { name: 'Cancel the request' }).click();
    await page.getByRole('dialog', { name: 'Cancel the request?' }).getByRole('button', { name: 'Cancel the request' }).click();
    await expect(page.getByText('The request has been canceled. No money was taken.')).toBeVisible();
    const status = await request.get(`/api/v1/claim/${uuid}/status/`);
    expect(((await status.json()) as { status: string }).status).toBe('canceled');
  });
});

test.describe('accessibility', () => {
  for (const locale of ['ru', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';

    test(`7. the home passes axe (${locale})`, async ({ page }) => {
      await page.goto(prefix || '/');
      await formReady(page);
      await expectAccessible(page);
    });

    test(`7. the claim page passes axe (${locale})`, async ({ page }) => {
      const uuid = await createClaim(page.request, locale);
      await page.goto(`${prefix}/claim/${uuid}`);
      await expect(page.getByRole('timer')).toBeVisible();
      await expectAccessible(page);
    });
  }
});
