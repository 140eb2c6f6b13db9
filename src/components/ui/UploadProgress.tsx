// An upload under way: what is being sent, a progress bar (role=progressbar with its value) and a cancel button.
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { UploadProgress as Progress } from '../../api/uploadWithProgress.ts';
import { Button } from './Button.tsx';

export function UploadProgress({ label, progress, onCancel }: { label: string; progress: Progress | null; onCancel: () => void }) {
  const { t } = useLingui();
  const labelId = useId();
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 text-sm font-medium text-slate-800">
        <span id={labelId} className="min-w-0 break-words">{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
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
