// Card photos are kept under DATA_DIR/uploads/verification with random names, outside any served folder.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageType } from './imageType.ts';

export function verificationUploadDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'verification');
}

/** Writes the photo and returns its random file name. */
export async function storeVerificationImage(dataDir: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const dir = verificationUploadDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
  await writeFile(path.join(dir, name), bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function removeVerificationImages(dataDir: string, names: string[]): Promise<void> {
  const dir = verificationUploadDir(dataDir);
  await Promise.all(names.map((name) => rm(path.join(dir, path.basename(name)), { force: true })));
}
