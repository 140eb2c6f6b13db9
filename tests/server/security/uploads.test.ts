// Uploads are decoded and re-encoded: polyglot payloads, metadata and trailing bytes never reach storage, a
// decompression bomb is refused from its header, and the per-claim and per-account caps hold under parallel
// uploads with nothing left behind (the files live in PostgreSQL with their rows).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationImages } from '../../../server/db/schema/verification.ts';
import { MAX_PHOTOS_PER_USER } from '../../../server/accounts/cardPhotos.ts';
import { readReceipt, MAX_RECEIPT_UPLOADS_PER_CLAIM } from '../../../server/claims/receipts.ts';
import { validClaim } from '../support/claims.ts';
import { jpegImage, jpegWithExif, pngBomb, pngImage, webpImage, withTrailer } from '../support/images.ts';
import { call, startTestApp, type TestApp } from '../support/app.ts';
import { newUser } from '../support/accounts.ts';
import { asCreator } from '../support/claimCreator.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

function fileForm(bytes: Buffer, name = 'receipt.jpg', extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function newClaim(): Promise<string> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, 'BTC', 'SBERRUB'));
  expect(reply.status).toBe(201);
  return reply.body.uuid as string;
}

async function sendReceipt(uuid: string, bytes: Buffer, locale = '') {
  return call(test, 'POST', `${locale}/api/v1/claim/${uuid}/bill/`, undefined, asCreator(uuid, { raw: fileForm(bytes) }));
}

describe('re-encoding', () => {
  it('stores a new encoding of a polyglot, without the payload after the image', async () => {
    const payloads: Array<[Buffer, string]> = [
      [await jpegImage(), '<html><script>alert(document.cookie)</script></html>'],
      [await pngImage(), '<?php system($_GET["c"]); ?>'],
      [await webpImage(), '<script src=//evil.example/x.js></script>'],
    ];
    for (const [image, payload] of payloads) {
      const uuid = await newClaim();
      const sent = withTrailer(image, payload);
      expect((await sendReceipt(uuid, sent)).status).toBe(200);
      const stored = (await readReceipt(test.database.db, uuid))!;
      expect(stored.bytes.includes(payload)).toBe(false);
      expect(stored.bytes.equals(sent)).toBe(false);
      const decoded = await sharp(stored.bytes).metadata();
      expect([decoded.width, decoded.height]).toEqual([8, 6]);
    }
  });

  it('strips metadata such as EXIF camera and position data', async () => {
    const user = await newUser(test);
    const created = await call(test, 'POST', '/api/v1/verify/', { card: '4111 1111 1111 1111' }, { token: user.access });
    const photo = await jpegWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const reply = await call(test, 'POST', '/api/v2/verify/upload/', undefined, {
      token: user.access,
      raw: fileForm(photo, 'card.jpg', { verification: String(created.body.id) }),
    });
    expect(reply.status).toBe(201);
    const [row] = await test.database.db.select().from(verificationImages).where(eq(verificationImages.verificationId, created.body.id));
    expect(row!.bytes.includes('SpyCam')).toBe(false);
    expect((await sharp(row!.bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses a decompression bomb from its header, translated, and stores nothing', async () => {
    const uuid = await newClaim();
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(200);
    const reply = await sendReceipt(uuid, bomb, '/en');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ file: ['The image is larger than 24 megapixels: make it smaller.'] });
    expect(await readReceipt(test.database.db, uuid)).toBeNull();
  });
});

describe('caps under parallel uploads', () => {
  it('keeps one receipt per claim and its upload cap, with nothing orphaned on any disk', async () => {
    const uuid = await newClaim();
    const image = await jpegImage();
    const replies = await Promise.all(Array.from({ length: 8 }, () => sendReceipt(uuid, image)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(MAX_RECEIPT_UPLOADS_PER_CLAIM);
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(8 - MAX_RECEIPT_UPLOADS_PER_CLAIM);
    const rows = await test.database.db.execute(sql`select uploads from claim_receipts where claim_uuid = ${uuid}`);
    expect(rows.rows).toEqual([{ uploads: MAX_RECEIPT_UPLOADS_PER_CLAIM }]);
    expect(existsSync(path.join(test.config.dataDir, 'uploads'))).toBe(false);
    expect((await call(test, 'GET', `/api/v1/claim/${uuid}/status/`)).body.billUploaded).toBe(true);
  });

  it('keeps the per-account photo cap over all verifications when uploads race', async () => {
    const user = await newUser(test);
    const ids: number[] = [];
    for (const card of ['4111111111111111', '5555555555554444', '4012888888881881', '2200700123456781', '4000056655665556', '5105105105105100', '4242424242424242', '6011111111111117']) {
      const created = await call(test, 'POST', '/api/v1/verify/', { card }, { token: user.access });
      if (created.status === 201) ids.push(created.body.id);
    }
    expect(ids.length * 5).toBeGreaterThan(MAX_PHOTOS_PER_USER);
    const image = await pngImage();
    const replies = await Promise.all(
      ids.flatMap((id) =>
        Array.from({ length: 5 }, () =>
          call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: fileForm(image, 'card.png', { verification: String(id) }) }),
        ),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(MAX_PHOTOS_PER_USER);
    const [stored] = await test.database.db
      .select({ value: count() })
      .from(verificationImages)
      .where(sql`${verificationImages.verificationId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(stored!.value).toBe(MAX_PHOTOS_PER_USER);
    const refused = replies.find((reply) => reply.status === 400)!;
    expect(refused.body.file[0]).toMatch(/30/);
  });

  it('deletes the photos with their verification (no orphans)', async () => {
    const user = await newUser(test);
    const created = await call(test, 'POST', '/api/v1/verify/', { card: '4111 1111 1111 1111' }, { token: user.access });
    await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: fileForm(await pngImage(), 'c.png', { verification: String(created.body.id) }) });
    expect((await call(test, 'DELETE', `/api/v1/verify/${created.body.id}/`, undefined, { token: user.access })).status).toBe(204);
    const [left] = await test.database.db.select({ value: count() }).from(verificationImages).where(eq(verificationImages.verificationId, created.body.id));
    expect(left!.value).toBe(0);
  });
});
