// Payment details that identify the claim, as the client sees them (ru and en): a card claim shows the
// exchanger's account it was given and its number as the payment comment, prominently with a copy button; two
// coin claims made one after the other each show an address of their own beside the network warning.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, RECEIVING_ACCOUNTS, test } from './fixtures.ts';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';

/** The values each requisite check of the seeded pairs accepts. */
const REQUISITES: Record<string, string> = {
  card: '4111 1111 1111 1111',
  name: 'Ivan Petrov',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

async function createClaim(request: APIRequestContext, base: string, from: string, to: string): Promise<string> {
  const directions = (await (await request.get(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const [fromPs, toPs] = [id(from), id(to)];
  const pair = (await (await request.get(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`)).json()) as PairResponse;
  const requisites = (side: PairResponse['from']) =>
    Object.fromEntries(side.structure.input.filter((field) => field.visible).map((field) => [field.name, REQUISITES[field.check]!]));
  const response = await request.post(`${base}/api/v1/claim/`, {
    data: {
      email: `payment-details-${Date.now()}@example.com`,
      fromPs,
      toPs,
      fromSumma: pair.from.min ?? '10000',
      fromRequisites: requisites(pair.from),
      toRequisites: requisites(pair.to),
      withVerificationCourse: false,
      recaptcha: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

const WORDS = {
  ru: { comment: 'Комментарий к переводу (обязательно)', copy: 'Копировать', card: 'Номер карты', address: 'Адрес кошелька' },
  en: { comment: 'Payment comment (required)', copy: 'Copy', card: 'Card number', address: 'Wallet address' },
} as const;

for (const locale of ['ru', 'en'] as const) {
  const base = locale === 'en' ? '/en' : '';
  const words = WORDS[locale];

  // The console journey that adds (then disables) a Sberbank account holds the same lock: this claim must get a
  // seeded one.
  test(`${locale}: a card claim shows its account and its number as the payment comment`, { lock: RECEIVING_ACCOUNTS }, async ({ page, request }) => {
    const uuid = await createClaim(request, base, 'SBERRUB', 'BTC');
    await page.goto(`${base}/claim/${uuid}`);
    const comment = page.getByTestId('payment-comment');
    await expect(comment).toContainText(words.comment);
    await expect(comment).toContainText(uuid.slice(0, 8).toUpperCase());
    await expect(comment.getByRole('button', { name: new RegExp(words.copy, 'i') })).toBeVisible();
    // One of the demo exchanger's Sberbank cards, in groups of four.
    await expect(page.getByText(words.card, { exact: true })).toBeVisible();
    await expect(page.getByText(/^2202 2063 (0417 3813|1588 2477)$/)).toBeVisible();
    await expectAccessible(page);
  });

  test(`${locale}: two coin claims each show an address of their own`, async ({ page, request }) => {
    const addresses: string[] = [];
    for (const uuid of [await createClaim(request, base, 'BTC', 'SBERRUB'), await createClaim(request, base, 'BTC', 'SBERRUB')]) {
      await page.goto(`${base}/claim/${uuid}`);
      await expect(page.getByTestId('network-warning')).toBeVisible();
      await expect(page.getByTestId('payment-comment')).toHaveCount(0);
      const line = page.getByText(words.address, { exact: true }).locator('..');
      addresses.push((await line.locator('p.font-mono').textContent()) ?? '');
    }
    expect(addresses[0]).toMatch(/^bc1q[a-z0-9]{38}$/);
    expect(addresses[1]).toMatch(/^bc1q[a-z0-9]{38}$/);
    expect(addresses[0]).not.toBe(addresses[1]);
  });
}
