// One rule for the images clients upload (payment receipts, card photos): which types, how large, and the codes
// that say why a file is refused. The browser checks a file before sending it; the server checks the size before
// reading it and then the bytes themselves (it re-encodes the image), never trusting the declared type.

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** 10 MiB: a phone photo fits, a stray video does not. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IMAGE_FILE_PROBLEMS = {
  type: 'file_type',
  empty: 'file_empty',
  tooLarge: 'file_too_large',
} as const;
export type ImageFileProblem = (typeof IMAGE_FILE_PROBLEMS)[keyof typeof IMAGE_FILE_PROBLEMS];

/** What of a file the rule reads: a browser File or Blob has both. */
export interface ImageFileFacts {
  type: string;
  size: number;
}

const imageTypes: readonly string[] = IMAGE_TYPES;

/** Why a file of `size` bytes cannot be an upload (empty, or over the limit), or null. */
export function imageSizeProblem(size: number): ImageFileProblem | null {
  if (size === 0) return IMAGE_FILE_PROBLEMS.empty;
  if (size > MAX_IMAGE_BYTES) return IMAGE_FILE_PROBLEMS.tooLarge;
  return null;
}

/** Why a file cannot be sent (its type first, then its size), or null when it can. */
export function imageFileProblem(file: ImageFileFacts): ImageFileProblem | null {
  if (!imageTypes.includes(file.type)) return IMAGE_FILE_PROBLEMS.type;
  return imageSizeProblem(file.size);
}
