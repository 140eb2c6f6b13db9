// The payment receipt upload: renders the billUpload child actor of the claim and sends it the chosen file; while
// the file goes, a progress bar and a Cancel button.
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { billUploadMachine } from '../../../machines/billUpload.ts';
import { IMAGE_TYPES } from '../../domain/imageFile.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useFormErrorText } from '../../components/ui/formErrorText.ts';
import { UploadProgress } from '../../components/ui/UploadProgress.tsx';

export function BillUpload({ actor }: { actor: ActorRefFrom<typeof billUploadMachine> }) {
  const inputId = useId();
  const { t } = useLingui();
  const state = useSelector(actor, (snapshot) => snapshot);
  const errorText = useFormErrorText();
  const uploading = state.matches('uploading');
  const error = errorText(state.context.error ?? undefined, { sendsFile: true });
  const fileName = state.context.file?.name ?? '';

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={`${inputId}-title`} className="text-base font-bold text-navy-900">
        <Trans>Payment receipt</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>A screenshot or photo of the receipt helps us find your payment faster.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 ${uploading ? 'pointer-events-none opacity-60' : ''}`}
        >
          {state.matches('done') ? <Trans>Replace the receipt</Trans> : <Trans>Choose a file</Trans>}
          <input
            id={inputId}
            type="file"
            name="bill"
            accept={IMAGE_TYPES.join(',')}
            disabled={uploading}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) actor.send({ type: 'file.chosen', file });
              event.target.value = '';
            }}
          />
        </label>
        <p aria-live="polite" className="text-sm">
          {state.matches('done') && (
            <span className="font-semibold text-emerald-800">
              <Trans>Receipt received.</Trans>
            </span>
          )}
          {error && <span className="text-red-700">{error}</span>}
        </p>
        {state.matches('failed') && (
          <Button size="sm" color="gray" onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
      {uploading && (
        <div className="mt-3" data-testid="bill-upload-progress">
          <UploadProgress
            label={t`Sending ${fileName}…`}
            progress={state.context.progress}
            onCancel={() => actor.send({ type: 'cancel' })}
          />
        </div>
      )}
    </section>
  );
}
