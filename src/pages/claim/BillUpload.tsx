// The payment receipt upload: renders the billUpload child actor of the claim and sends it the chosen file.
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { BILL_MAX_BYTES, BILL_TYPES, type billUploadMachine, type BillError } from '../../../machines/billUpload.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';

function useBillErrorText(): (error: BillError | null) => string | null {
  const { t } = useLingui();
  const megabytes = Math.round(BILL_MAX_BYTES / (1024 * 1024));
  return (error) => {
    if (!error) return null;
    switch (error.code) {
      case 'bad_type':
        return t`Choose a JPEG, PNG or WebP image.`;
      case 'too_large':
        return t`The file is larger than ${megabytes} MB.`;
      case 'network_error':
        return t`The file was not sent: no connection. Try again.`;
      case 'server':
        return error.message;
      case 'unknown':
        return t`The file was not sent. Try again.`;
    }
  };
}

export function BillUpload({ actor }: { actor: ActorRefFrom<typeof billUploadMachine> }) {
  const inputId = useId();
  const state = useSelector(actor, (snapshot) => snapshot);
  const errorText = useBillErrorText();
  const uploading = state.matches('uploading');
  const error = errorText(state.context.error);

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
            accept={BILL_TYPES.join(',')}
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
          {uploading && (
            <span className="inline-flex items-center gap-2 text-slate-700">
              <Spinner className="size-4" />
              <Trans>Sending {state.context.file?.name}…</Trans>
            </span>
          )}
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
    </section>
  );
}
