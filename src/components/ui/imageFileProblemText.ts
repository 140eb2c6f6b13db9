// Words for each reason the image-file rule (src/domain/imageFile.ts) refuses a file, for every upload.
import { useLingui } from '@lingui/react/macro';
import { MAX_IMAGE_BYTES, type ImageFileProblem } from '../../domain/imageFile.ts';

export function useImageFileProblemText(): (problem: ImageFileProblem) => string {
  const { t } = useLingui();
  const megabytes = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
  return (problem) => {
    switch (problem) {
      case 'file_type':
        return t`This file is not a JPEG, PNG or WebP image.`;
      case 'file_too_large':
        return t`The file is larger than ${megabytes} MB.`;
      case 'file_empty':
        return t`The file is empty.`;
    }
  };
}
