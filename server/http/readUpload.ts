// The image of an upload form, checked and re-encoded, or the 400 under `file` that says why not (translated by onError).
import { IMAGE_FILE_PROBLEMS, imageSizeProblem, MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import { fieldErrors } from './errors.ts';
import { MAX_IMAGE_PIXELS, type CleanImage } from '../uploads/reencode.ts';
import { reencodeInPool } from '../uploads/reencodePool.ts';

export async function cleanUpload(file: unknown): Promise<CleanImage> {
  if (!(file instanceof File)) {
    fieldErrors({ file: [/*i18n*/ { id: 'http.upload.missing', message: 'Attach an image.' }] });
  }
  // The browser's rule on the size (src/domain/imageFile.ts); the type is judged from the bytes below.
  const sizeProblem = imageSizeProblem(file.size);
  if (sizeProblem === IMAGE_FILE_PROBLEMS.tooLarge) {
    const megabytes = MAX_IMAGE_BYTES / 1024 / 1024;
    fieldErrors({
      file: [/*i18n*/ { id: 'http.upload.tooLarge', message: 'The file is larger than {megabytes} MB.', values: { megabytes } }],
    });
  }
  if (sizeProblem === IMAGE_FILE_PROBLEMS.empty) {
    fieldErrors({ file: [/*i18n*/ { id: 'http.upload.empty', message: 'The file is empty.' }] });
  }
  const result = await reencodeInPool(new Uint8Array(await file.arrayBuffer()));
  if (result.ok) return result.image;
  if (result.reason === 'too_many_pixels') {
    const megapixels = MAX_IMAGE_PIXELS / 1_000_000;
    fieldErrors({
      file: [
        /*i18n*/ {
          id: 'http.upload.tooManyPixels',
          message: 'The image is larger than {megapixels} megapixels: make it smaller.',
          values: { megapixels },
        },
      ],
    });
  }
  fieldErrors({ file: [/*i18n*/ { id: 'http.upload.type', message: 'Upload a JPEG, PNG or WebP image.' }] });
}
