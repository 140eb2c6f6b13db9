// Real pictures made with sharp for the upload tests (the server decodes every upload, so magic bytes alone
// no longer pass), plus the hostile files an audit sends.
import sharp from 'sharp';

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
}

export async function pngImage(width = 8, height = 6): Promise<Buffer> {
  return canvas(width, height).png().toBuffer();
}

export async function jpegImage(width = 8, height = 6): Promise<Buffer> {
  return canvas(width, height).jpeg().toBuffer();
}

export async function webpImage(width = 8, height = 6): Promise<Buffer> {
  return canvas(width, height).webp().toBuffer();
}

/** A JPEG that carries EXIF (a camera and GPS position) the server must strip. */
export async function jpegWithExif(): Promise<Buffer> {
  return canvas(8, 6)
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'GPS-tracker-3000' } })
    .jpeg()
    .toBuffer();
}

/** A valid image followed by a script: a polyglot that a byte-for-byte store would keep. */
export function withTrailer(image: Buffer, trailer: string): Buffer {
  return Buffer.concat([image, Buffer.from(trailer)]);
}

/** The header of a 50,000 × 50,000 PNG (a decompression bomb): tiny on the wire, 2.5 gigapixels decoded. */
export async function pngBomb(): Promise<Buffer> {
  const small = await canvas(1, 1).png().toBuffer();
  const bomb = Buffer.from(small);
  // IHDR starts at byte 16: width and height as big-endian 32-bit integers, then its CRC at 29.
  bomb.writeUInt32BE(50_000, 16);
  bomb.writeUInt32BE(50_000, 20);
  const crc = crc32(bomb.subarray(12, 29));
  bomb.writeUInt32BE(crc, 29);
  return bomb;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
