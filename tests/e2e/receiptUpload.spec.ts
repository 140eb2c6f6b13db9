// The payment receipt upload on the claim page, on a slow connection: the progress bar shows how much is sent,
// Cancel stops the upload and nothing is stored; a second try goes through. In Russian and in English.
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expect, phone, test } from './fixtures.ts';
import type { DirectionsResponse, PairResponse } from '../../src/api/schemas/calculator.ts';

/** A BTC → Sberbank guest claim made through the API in `locale`. */
async function createClaim(request: APIRequestContext, locale: 'ru' | 'en'): Promise<string> {
  const base = locale === 'en' ? '/en' : '';
  const directions = (await (await request.get(`${base}/api/v1/calculator/`)).json()) as DirectionsResponse;
  const id = (code: string) => directions.currencies.find((currency) => currency.code === code)!.id;
  const [fromPs, toPs] = [id('BTC'), id('SBERRUB')];
  const pair = (await (await request.get(`${base}/api/v1/calculator/pair/${fromPs}/${toPs}/`)).json()) as PairResponse;
  const response = await request.post(`${base}/api/v1/claim/`, {
    data: {
      email: `receipt-${locale}-${Date.now()}@example.com`,
      fromPs,
      toPs,
      fromSumma: pair.from.min,
      fromRequisites: {},
      toRequisites: { card: '4111 1111 1111 1111', name: 'Ivan Petrov' },
      withVerificationCourse: false,
      recaptcha: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

/** A real PNG of noise (it does not compress): about 360 kB, many seconds at the throttled upload speed. */
async function noisyPng(): Promise<Buffer> {
  const width = 300;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const WORDS = {
  ru: { choose: 'Выбрать файл', cancel: 'Отменить', received: 'Чек получен.' },
  en: { choose: 'Choose a file', cancel: 'Cancel', received: 'Receipt received.' },
} as const;

for (const locale of ['ru', 'en'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test.describe(`${locale}, ${device}`, () => {
      if (device === 'phone') test.use(phone);

      test('the receipt upload shows its progress and can be cancelled', async ({ page, request }) => {
        const uuid = await createClaim(page.request, locale);
        const base = locale === 'en' ? '/en' : '';
        await page.goto(`${base}/claim/${uuid}`);
        const words = WORDS[locale];
        const image = await noisyPng();

        // A slow upload link (about 20 kB/s) so the upload takes long enough to be seen and cancelled.
        const devtools = await page.context().newCDPSession(page);
        await devtools.send('Network.enable');
        await devtools.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 20,
          downloadThroughput: 1_000_000,
          uploadThroughput: 20_000,
        });
        await page
          .getByLabel(words.choose)
          .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: image });
        const progress = page.getByTestId('bill-upload-progress');
        const bar = progress.getByRole('progressbar');
        await expect(bar).toBeVisible();
        await expect(bar).toHaveAccessibleName(/receipt\.png/);
        await expect
          .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
          .toBeGreaterThan(0);
        expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);

        await progress.getByRole('button', { name: words.cancel }).click();
        await expect(progress).toHaveCount(0);
        await expect(page.getByText(words.received)).toHaveCount(0);
        const afterCancel = await (await request.get(`${base}/api/v1/claim/${uuid}/status/`)).json();
        expect(afterCancel.billUploaded).toBe(false);

        // Back to full speed: the next try goes through and the server holds the receipt.
        await devtools.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        await page
          .getByLabel(words.choose)
          .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: image });
        await expect(page.getByText(words.received)).toBeVisible({ timeout: 20_000 });
        const afterUpload = await (await request.get(`${base}/api/v1/claim/${uuid}/status/`)).json();
        expect(afterUpload.billUploaded).toBe(true);
      });
    });
  }
}
