// The upload progress bar (role=progressbar with its value) and the cancel button.
import { useLingui } from '@lingui/react/macro';
import type { UploadProgress as Progress } from '../../../machines/verificationUpload.ts';
import { Button } from '../../components/ui/Button.tsx';

export function UploadProgress({ progress, onCancel }: { progress: Progress | null; onCancel: () => void }) {
  const { t } = useLingui();
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between text-sm font-medium text-slate-800">
        <span id="upload-progress-label">{t`Uploading the photo…`}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <Button color="border" size="sm" className="self-start" onClick={onCancel}>
        {t`Cancel`}
      </Button>
    </div>
  );
}
