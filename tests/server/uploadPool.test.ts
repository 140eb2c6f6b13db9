// Uploads are re-encoded on a capped pool of worker threads under a pixel budget: a real 50-megapixel PNG is
// refused with a translated message and stored nowhere, while parallel uploads beyond the cap all wait their
// turn and are stored.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../../server/uploads/reencode.ts';
import { reencodeInPool, UPLOAD_CONCURRENCY } from '../../server/uploads/reencodePool.ts';
import { readReceipt } from '../../server/claims/receipts.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { validClaim } from './support/claims.ts';
import { pngImage } from './support/images.ts';
import { asCreator } from './support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function newClaim(): Promise<string> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'));
  expect(reply.status).toBe(201);
  return reply.body.uuid as string;
}

function receiptForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'receipt.png');
  return form;
}

/** A real 10,000 × 5,000 PNG (50 megapixels), every pixel there to decode. */
async function fiftyMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('the upload pool', () => {
  it('refuses a 50-megapixel PNG over the pixel budget, translated, and stores nothing', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(24_000_000);
    const image = await fiftyMegapixelPng();
    for (const [prefix, message] of [
      ['', 'Изображение больше 24 мегапикселей: уменьшите его.'],
      ['/en', 'The image is larger than 24 megapixels: make it smaller.'],
    ] as const) {
      const uuid = await newClaim();
      const reply = await call(test, 'POST', `${prefix}/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: receiptForm(image) }));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ file: [message] });
      expect(await readReceipt(test.database.db, uuid)).toBeNull();
    }
  });

  it('takes more uploads at once than it has threads: each is re-encoded and stored', async () => {
    const uuids = await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY * 3 }, () => newClaim()));
    const image = await pngImage(640, 480);
    const replies = await Promise.all(
      uuids.map((uuid) => call(test, 'POST', `/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: receiptForm(image) }))),
    );
    expect(replies.map((reply) => reply.status)).toEqual(uuids.map(() => 200));
    for (const uuid of uuids) {
      const stored = await readReceipt(test.database.db, uuid);
      expect(stored).not.toBeNull();
    }
  });

  it('answers a file that is no image as one, from a pool thread', async () => {
    expect(await reencodeInPool(new Uint8Array(Buffer.from('not an image at all')))).toEqual({
      ok: false,
      reason: 'not_an_image',
    });
    const result = await reencodeInPool(new Uint8Array(await pngImage(4, 3)));
    expect(result.ok && { width: result.image.width, height: result.image.height }).toEqual({ width: 4, height: 3 });
    expect(result.ok && Buffer.isBuffer(result.image.bytes)).toBe(true);
  });
});
