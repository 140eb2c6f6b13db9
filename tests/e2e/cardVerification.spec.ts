// A direction flagged for card verification: once the payment is received, the claim waits for the sender card's
// verification and its page leads the client to /verification/{uuid}, which asks them to log in to that account.
// In Russian and in English.
import type { APIRequestContext } from '@playwright/test';
import { expect, phone, test } from './fixtures.ts';
import { ops } from './operator.ts';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';

/** A value each requisite check of the pair accepts. */
const VALID: Record<string, string> = {
  card: '4276 3812 6044 1970',
  name: 'Ivan Petrov',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

/** The demo account's access token (seeded by the server of the journeys). */
async function demoToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/front-api/auth/login/', {
    data: {
      email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
      password: process.env.DEMO_PASSWORD ?? 'demo2026pass',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** A Sberbank → BTC claim of the demo account, reported paid. */
async function paidClaim(request: APIRequestContext, locale: 'ru' | 'en', token: string): Promise<string> {
  const base = locale === 'en' ? '/en' : '';
  const headers = { authorization: `Bearer ${token}` };
  const directions = (await (await request.get(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const [fromPs, toPs] = [id('SBERRUB'), id('BTC')];
  const pair = (await (await request.get(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`)).json()) as PairResponse;
  const requisites = (side: PairResponse['from']) =>
    Object.fromEntries(
      side.structure.input.filter((field) => field.visible).map((field) => [field.name, VALID[field.check]!]),
    );
  const created = await request.post(`${base}/api/v1/claim/`, {
    headers,
    data: {
      email: process.env.DEMO_EMAIL ?? 'demo@exchanger.local',
      fromPs,
      toPs,
      fromSumma: pair.from.min ?? '20000',
      fromRequisites: requisites(pair.from),
      toRequisites: requisites(pair.to),
      withVerificationCourse: false,
      recaptcha: '',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const uuid = ((await created.json()) as { uuid: string }).uuid;
  const confirmed = await request.post(`${base}/api/v1/claim/${uuid}/confirm/`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return uuid;
}

const WORDS = {
  ru: {
    verify: 'Верифицировать карту',
    explains: 'только после верификации карты',
    login: 'Войдите в аккаунт, в котором добавлена эта карта',
  },
  en: {
    verify: 'Verify the card',
    explains: 'pays out only to clients who have verified the card',
    login: 'Sign in to the account that added this card',
  },
} as const;

test.describe('card verification before payout', () => {
  // One worker, in order: the direction is flagged once before the four journeys and cleared once after them.
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    await ops('directions', 'cardverify', 'SBERRUB', 'BTC', 'on');
  });
  test.afterAll(async () => {
    await ops('directions', 'cardverify', 'SBERRUB', 'BTC', 'off');
  });

  for (const locale of ['ru', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test.describe(`${locale}, ${device}`, () => {
        if (device === 'phone') test.use(phone);

        test('a received payment waits for the card and the claim page leads to its verification', async ({
          page,
          request,
        }) => {
          const uuid = await paidClaim(request, locale, await demoToken(request));
          expect(await ops('claims', 'move', uuid, 'processing')).toContain('needs_verification');
          const base = locale === 'en' ? '/en' : '';
          await page.goto(`${base}/claim/${uuid}`);
          const words = WORDS[locale];

          await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'needs_verification');
          const notice = page.getByTestId('card-verification');
          await expect(notice).toContainText(words.explains);
          await notice.getByRole('link', { name: words.verify }).click();
          await expect(page).toHaveURL(new RegExp(`${base}/verification/[0-9a-f-]{36}$`));
          await expect(page.getByText(words.login)).toBeVisible();

          // The export tells rate monitors which directions need the card verified.
          const xml = await (await request.get('/export/rates.xml')).text();
          const item = xml
            .split('<item>')
            .find((part) => part.includes('<from>SBERRUB</from>') && part.includes('<to>BTC</to>'));
          expect(item).toContain('cardverify');
        });
      });
    }
  }
});
