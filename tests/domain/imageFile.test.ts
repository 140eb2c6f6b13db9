// The one image-file rule of every upload (src/domain/imageFile.ts): types first, then the size, with their codes.
import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES, imageFileProblem, imageSizeProblem, MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';

describe('imageFileProblem', () => {
  it('takes a JPEG, PNG or WebP image from one byte up to the limit', () => {
    for (const type of IMAGE_TYPES) {
      expect(imageFileProblem({ type, size: 1 })).toBeNull();
      expect(imageFileProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('refuses another type before looking at the size', () => {
    for (const type of ['image/gif', 'application/pdf', 'image/svg+xml', '', 'IMAGE/PNG']) {
      expect(imageFileProblem({ type, size: 0 })).toBe('file_type');
    }
  });

  it('refuses an empty file and one a byte over the limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: 0 })).toBe('file_empty');
    expect(imageFileProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES + 1 })).toBe('file_too_large');
  });
});

describe('imageSizeProblem', () => {
  it('is the size part alone, for the server that judges the type from the bytes', () => {
    expect(imageSizeProblem(0)).toBe('file_empty');
    expect(imageSizeProblem(1)).toBeNull();
    expect(imageSizeProblem(MAX_IMAGE_BYTES)).toBeNull();
    expect(imageSizeProblem(MAX_IMAGE_BYTES + 1)).toBe('file_too_large');
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });
});
