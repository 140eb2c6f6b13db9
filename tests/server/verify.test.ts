// Card verification: create/list/read/edit/delete (owner only), photo upload decoded and stored in PostgreSQL,
// sending for review, and the operator's approval or rejection.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import { approveVerification, rejectVerification } from '../../server/accounts/verificationReview.ts';
import { MAX_PHOTOS_PER_VERIFICATION as MAX_IMAGES_PER_VERIFICATION } from '../../server/accounts/cardPhotos.ts';
import { verificationImages, verifications } from '../../server/db/schema/verification.ts';
import { jpegImage, pngImage, webpImage } from './support/images.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { newUser, type SignedIn } from './support/accounts.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

const VISA = '4111 1111 1111 1111';
const MIR = '2200-7001-2345-6781';

const PNG = new Uint8Array(await pngImage());
const JPEG = new Uint8Array(await jpegImage());
const WEBP = new Uint8Array(await webpImage());

function form(verification: number | string, bytes: Uint8Array<ArrayBuffer>, name = 'card.jpg', type = 'image/jpeg'): FormData {
  const data = new FormData();
  data.append('verification', String(verification));
  data.append('file', new File([bytes], name, { type }));
  return data;
}

async function createVerification(user: SignedIn, card = VISA) {
  const result = await call(test, 'POST', '/api/v1/verify/', { card }, { token: user.access });
  expect(result.status).toBe(201);
  return result.body as { id: number; uuid: string };
}

/** Photo rows in the database: all of them, or those of one verification. */
async function storedPhotos(verificationId?: number): Promise<number> {
  const query = test.database.db.select({ value: count() }).from(verificationImages);
  const [row] = await (verificationId === undefined ? query : query.where(eq(verificationImages.verificationId, verificationId)));
  return row?.value ?? 0;
}

describe('create, list, read, edit, delete', () => {
  it('keeps only the masked number and lists the owner’s cards, filtered by status', async () => {
    const user = await newUser(test);
    const created = await call(test, 'POST', '/api/v1/verify/', { card: VISA }, { token: user.access });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ card: '4111 11** **** 1111', status: 'draft', reason: null, images: 0 });
    const [row] = await test.database.db.select().from(verifications).where(eq(verifications.id, created.body.id));
    expect(JSON.stringify(row)).not.toContain('4111111111111111');

    await createVerification(user, MIR);
    const list = await call(test, 'GET', '/api/v1/verify/', undefined, { token: user.access });
    expect(list.body.count).toBe(2);
    expect(list.body.results[0].card).toBe('2200 70** **** 6781');
    expect((await call(test, 'GET', '/api/v1/verify/?status=pending', undefined, { token: user.access })).body.count).toBe(0);
    expect((await call(test, 'GET', '/api/v1/verify/?status=draft', undefined, { token: user.access })).body.count).toBe(2);
    expect((await call(test, 'GET', '/api/v1/verify/?status=nonsense', undefined, { token: user.access })).status).toBe(400);
  });

  it('refuses numbers failing the Luhn check, duplicates, wrong types and unknown fields', async () => {
    const user = await newUser(test);
    const luhn = await call(test, 'POST', '/en/api/v1/verify/', { card: '4111 1111 1111 1112' }, { token: user.access });
    expect(luhn.status).toBe(400);
    expect(luhn.body.card).toEqual(['The card number fails its check digit: look for a typo.']);
    const short = await call(test, 'POST', '/api/v1/verify/', { card: '1234' }, { token: user.access });
    expect(short.body.card).toEqual(['В номере карты от 16 до 19 цифр.']);
    await createVerification(user);
    const duplicate = await call(test, 'POST', '/api/v1/verify/', { card: '4111111111111111' }, { token: user.access });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.card).toHaveLength(1);
    expect((await call(test, 'POST', '/api/v1/verify/', { card: 4111111111111111 }, { token: user.access })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v1/verify/', { card: VISA, status: 'approved' }, { token: user.access })).body.status).toEqual(['Неизвестное поле.']);
    expect((await call(test, 'POST', '/api/v1/verify/', undefined, { token: user.access, raw: '{card' })).status).toBe(400);
  });

  it('reads by id or uuid, and hides other people’s verifications as not found', async () => {
    const user = await newUser(test);
    const stranger = await newUser(test);
    const created = await createVerification(user);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).body.uuid).toBe(created.uuid);
    expect((await call(test, 'GET', `/api/v1/verify/${created.uuid}/`, undefined, { token: user.access })).body.id).toBe(created.id);
    for (const key of [created.id, created.uuid]) {
      expect((await call(test, 'GET', `/api/v1/verify/${key}/`, undefined, { token: stranger.access })).status).toBe(404);
      expect((await call(test, 'DELETE', `/api/v1/verify/${key}/`, undefined, { token: stranger.access })).status).toBe(404);
    }
    expect((await call(test, 'GET', '/api/v1/verify/not-an-id/', undefined, { token: user.access })).status).toBe(404);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/status/`, undefined, { token: user.access })).body).toEqual({ status: 'draft', reason: null });
  });

  it('edits the number of a draft and deletes it with its photos', async () => {
    const user = await newUser(test);
    const created = await createVerification(user);
    const edited = await call(test, 'PUT', `/api/v1/verify/${created.id}/`, { card: MIR }, { token: user.access });
    expect(edited.status).toBe(200);
    expect(edited.body.card).toBe('2200 70** **** 6781');
    expect((await call(test, 'PUT', `/api/v1/verify/${created.id}/`, { card: '22007001' }, { token: user.access })).status).toBe(400);

    await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, PNG, 'card.png', 'image/png') });
    expect(await storedPhotos(created.id)).toBe(1);
    const removed = await call(test, 'DELETE', `/api/v1/verify/${created.id}/`, undefined, { token: user.access });
    expect(removed.status).toBe(204);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).status).toBe(404);
    expect(await storedPhotos(created.id)).toBe(0);
  });

  it('describes its inputs', async () => {
    const user = await newUser(test);
    const inputs = await call(test, 'GET', '/en/api/v1/verify/inputs/', undefined, { token: user.access });
    expect(inputs.body).toEqual([{ name: 'card', label: 'Card number', check: 'card', required: true }]);
  });

  it('answers 401 token_not_valid to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/verify/'],
      ['POST', '/api/v1/verify/'],
      ['GET', '/api/v1/verify/inputs/'],
      ['POST', '/api/v2/verify/upload/'],
      ['POST', '/api/v2/verify/confirm/'],
    ] as const) {
      const result = await call(test, method, url);
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('token_not_valid');
    }
  });
});

describe('upload', () => {
  it('stores JPEG, PNG and WebP photos in the database, re-encoded', async () => {
    const user = await newUser(test);
    const created = await createVerification(user);
    let images = 0;
    for (const [bytes, name] of [[JPEG, 'photo.jpg'], [PNG, 'photo.png'], [WEBP, 'photo.webp']] as const) {
      const result = await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, bytes, name, 'application/octet-stream') });
      expect(result.status).toBe(201);
      images += 1;
      expect(result.body).toEqual({ id: created.id, images });
    }
    const rows = await test.database.db.select().from(verificationImages).where(eq(verificationImages.verificationId, created.id));
    expect(rows.map((row) => row.mime).sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(rows.every((row) => row.bytes.length === row.size && row.size > 0)).toBe(true);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).body.images).toBe(3);
  });

  it('refuses a non-image dressed as an image, an oversize file and a sixth photo', async () => {
    const user = await newUser(test);
    const created = await createVerification(user);
    const before = await storedPhotos();
    const script = new TextEncoder().encode('<?php system($_GET["c"]); ?>');
    const fake = await call(test, 'POST', '/en/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, script, 'card.jpg', 'image/jpeg') });
    expect(fake.status).toBe(400);
    expect(fake.body.file).toEqual(['Upload a JPEG, PNG or WebP image.']);

    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(JPEG);
    const oversize = await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, big) });
    expect(oversize.status).toBe(400);
    expect(oversize.body.file).toHaveLength(1);
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 200 * 1024);
    huge.set(JPEG);
    const tooLarge = await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, huge) });
    expect(tooLarge.status).toBe(413);
    expect(await storedPhotos()).toBe(before);

    for (let index = 0; index < MAX_IMAGES_PER_VERIFICATION; index += 1) {
      expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, JPEG) })).status).toBe(201);
    }
    const sixth = await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, JPEG) });
    expect(sixth.status).toBe(400);
  });

  it('keeps the photo limit when uploads race', async () => {
    const user = await newUser(test);
    const created = await createVerification(user);
    const results = await Promise.all(
      Array.from({ length: MAX_IMAGES_PER_VERIFICATION + 4 }, () =>
        call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, JPEG) }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(MAX_IMAGES_PER_VERIFICATION);
    expect(results.filter((result) => result.status === 400)).toHaveLength(4);
    expect(await storedPhotos(created.id)).toBe(MAX_IMAGES_PER_VERIFICATION);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).body.images).toBe(MAX_IMAGES_PER_VERIFICATION);
  });

  it('refuses bad forms: no file, a text field as the file, unknown fields, JSON, someone else’s verification', async () => {
    const user = await newUser(test);
    const stranger = await newUser(test);
    const created = await createVerification(user);
    const noFile = new FormData();
    noFile.append('verification', String(created.id));
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: noFile })).body.file).toHaveLength(1);
    const textFile = new FormData();
    textFile.append('verification', String(created.id));
    textFile.append('file', 'not a file');
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: textFile })).status).toBe(400);
    const extra = form(created.id, JPEG);
    extra.append('path', '../../etc/passwd');
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: extra })).body.path).toHaveLength(1);
    expect((await call(test, 'POST', '/api/v2/verify/upload/', { verification: created.id }, { token: user.access })).status).toBe(415);
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form('abc', JPEG) })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: stranger.access, raw: form(created.id, JPEG) })).status).toBe(404);
  });
});

describe('confirm and review', () => {
  it('sends a verification with photos for review; it is then frozen until the operator decides', async () => {
    const user = await newUser(test);
    const created = await createVerification(user);
    const empty = await call(test, 'POST', '/api/v2/verify/confirm/', { verification: created.id }, { token: user.access });
    expect(empty.status).toBe(400);
    expect(typeof empty.body.detail).toBe('string');

    await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, JPEG) });
    const confirmed = await call(test, 'POST', '/api/v2/verify/confirm/', { verification: created.id }, { token: user.access });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'pending', reason: null });

    expect((await call(test, 'POST', '/api/v2/verify/confirm/', { verification: created.id }, { token: user.access })).status).toBe(400);
    expect((await call(test, 'PUT', `/api/v1/verify/${created.id}/`, { card: MIR }, { token: user.access })).status).toBe(400);
    expect((await call(test, 'DELETE', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, JPEG) })).status).toBe(400);

    expect(await rejectVerification(test.database.db, created.id, 'The card number is not readable')).toBe(true);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/status/`, undefined, { token: user.access })).body).toEqual({
      status: 'rejected',
      reason: 'The card number is not readable',
    });
    // A rejected verification may be fixed and sent again.
    await call(test, 'POST', '/api/v2/verify/upload/', undefined, { token: user.access, raw: form(created.id, PNG) });
    expect((await call(test, 'POST', '/api/v2/verify/confirm/', { verification: created.id }, { token: user.access })).body.status).toBe('pending');

    expect(await approveVerification(test.database.db, created.id)).toBe(true);
    expect(await approveVerification(test.database.db, created.id)).toBe(false);
    expect(await rejectVerification(test.database.db, created.id, 'late')).toBe(false);
    expect((await call(test, 'GET', `/api/v1/verify/${created.id}/`, undefined, { token: user.access })).body).toMatchObject({ status: 'approved', reason: null, images: 2 });
    expect((await call(test, 'GET', '/api/v1/users/me/', undefined, { token: user.access })).body.verified).toBe(true);
  });

  it('validates the confirm body', async () => {
    const user = await newUser(test);
    for (const body of [{}, { verification: '1' }, { verification: 1.5 }, { verification: 1, extra: true }]) {
      expect((await call(test, 'POST', '/api/v2/verify/confirm/', body, { token: user.access })).status).toBe(400);
    }
    expect((await call(test, 'POST', '/api/v2/verify/confirm/', undefined, { token: user.access, raw: '[' })).status).toBe(400);
    expect((await call(test, 'POST', '/api/v2/verify/confirm/', { verification: 999999 }, { token: user.access })).status).toBe(404);
  });
});
