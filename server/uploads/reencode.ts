// Every uploaded image is decoded and encoded again with sharp: what is stored is pixels only, never the bytes
// the client sent (no metadata, no comment chunks, nothing after the image: polyglots lose their payload).
import sharp from 'sharp';

/**
 * Largest picture accepted, in pixels: a receipt or a card photo needs far less, and a decode this size stays
 * short (a 24-megapixel phone photo fits; a 50-megapixel picture or a decompression bomb does not).
 */
export const MAX_IMAGE_PIXELS = 24_000_000;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export interface CleanImage {
  mime: ImageMime;
  bytes: Buffer;
  width: number;
  height: number;
}

export type ReencodeResult = { ok: true; image: CleanImage } | { ok: false; reason: 'not_an_image' | 'too_many_pixels' };

// Decoded pictures are not kept between requests: each upload is seen once.
sharp.cache(false);

const MIME: Record<string, ImageMime> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Reads the header first (no pixels decoded) to refuse unknown formats and oversized pictures; only then
 * decodes the whole (sharp's own pixel limit stands guard as well), applies the EXIF orientation and
 * writes the same format afresh without metadata.
 */
export async function reencodeImage(input: Uint8Array): Promise<ReencodeResult> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 } as const;
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(input, { ...options, limitInputPixels: false }).metadata());
  } catch {
    return { ok: false, reason: 'not_an_image' };
  }
  const mime = format ? MIME[format] : undefined;
  if (!mime || width === 0 || height === 0) return { ok: false, reason: 'not_an_image' };
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too_many_pixels' };
  try {
    const pipeline = sharp(input, options).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : mime === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { mime, bytes: data, width: info.width, height: info.height } };
  } catch {
    // A header that promised an image over a body that is not one (truncated, corrupt).
    return { ok: false, reason: 'not_an_image' };
  }
}
