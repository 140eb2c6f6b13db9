// The image of an upload form, checked and re-encoded, or the translated 400 under `file` that says why not.
import type { Context } from 'hono';
import { IMAGE_FILE_PROBLEMS, imageSizeProblem, MAX_IMAGE_BYTES } from '../../src/domain/imageFile.ts';
import type { AppEnv } from './env.ts';
import { fieldErrors } from './errors.ts';
import { format, tr } from '../i18n/texts.ts';
import { MAX_IMAGE_PIXELS, type CleanImage } from '../uploads/reencode.ts';
import { reencodeInPool } from '../uploads/reencodePool.ts';

export async function cleanUpload(c: Context<AppEnv>, file: unknown): Promise<CleanImage> {
  const locale = c.get('locale');
  if (!(file instanceof File)) {
    fieldErrors({ file: [tr(locale, { ru: 'Приложите изображение.', en: 'Attach an image.' })] });
  }
  // The browser's rule on the size (src/domain/imageFile.ts); the type is judged from the bytes below.
  const sizeProblem = imageSizeProblem(file.size);
  if (sizeProblem === IMAGE_FILE_PROBLEMS.tooLarge) {
    const megabytes = MAX_IMAGE_BYTES / 1024 / 1024;
    fieldErrors({
      file: [format(tr(locale, { ru: 'Файл больше {n} МБ.', en: 'The file is larger than {n} MB.' }), { n: megabytes })],
    });
  }
  if (sizeProblem === IMAGE_FILE_PROBLEMS.empty) {
    fieldErrors({ file: [tr(locale, { ru: 'Файл пустой.', en: 'The file is empty.' })] });
  }
  const result = await reencodeInPool(new Uint8Array(await file.arrayBuffer()));
  if (result.ok) return result.image;
  if (result.reason === 'too_many_pixels') {
    const megapixels = MAX_IMAGE_PIXELS / 1_000_000;
    fieldErrors({
      file: [
        format(
          tr(locale, {
            ru: 'Изображение больше {n} мегапикселей: уменьшите его.',
            en: 'The image is larger than {n} megapixels: make it smaller.',
          }),
          { n: megapixels },
        ),
      ],
    });
  }
  fieldErrors({ file: [tr(locale, { ru: 'Загрузите JPEG, PNG или WebP.', en: 'Upload a JPEG, PNG or WebP image.' })] });
}
