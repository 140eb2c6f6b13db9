// The card verification flow as the verification machine's snapshot: choose and upload the photo, confirm,
// watch the live status, then approved, or rejected with the reason and a way to try again.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { IMAGE_TYPES } from '../../domain/imageFile.ts';
import { useVerificationUpload } from '../../flows/verification.tsx';
import { BRAND_NAME } from '../../content/brand.ts';
import { StatusBadge, verificationBadge } from '../../components/account/StatusBadge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useFormErrorText } from '../../components/ui/formErrorText.ts';
import { UploadProgress } from '../../components/ui/UploadProgress.tsx';
import { InstructionModal } from './InstructionModal.tsx';

function Busy({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <Spinner className="size-5" /> {children}
    </p>
  );
}

export function VerificationFlow({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const flow = useVerificationUpload({ uuid });
  const state = useSelector(flow, (s) => s);
  const { verification, images, progress, fileError, reason, error } = state.context;
  // Purely visual: whether the instruction dialog is open.
  const [instructionOpen, setInstructionOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A refused photo (here or by the server, after the picker was replaced by the progress bar) brings focus back to
  // the picker, where its reason is read out.
  useEffect(() => {
    if (fileError) picker.current?.focus();
  }, [fileError]);
  const choosing = state.matches('choosing') || state.matches('invalidFile');
  const exchanger = BRAND_NAME;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {verification && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <div>
            <p className="text-sm text-slate-600">{t`Card`}</p>
            <p className="font-mono text-lg font-bold tracking-wide text-navy-900">{verification.card}</p>
          </div>
          {state.context.status && <StatusBadge status={verificationBadge(state.context.status, images)} />}
        </div>
      )}

      <section aria-live="polite" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {state.matches('loading') && <Busy>{t`Loading the verification…`}</Busy>}

        {choosing && (
          <div className="flex flex-col gap-4">
            <h2 className="text-lg font-bold text-navy-900">{t`Photograph the card`}</h2>
            <p className="text-slate-700">
              <Trans>
                Take a photo of the card with the middle digits covered, next to a sheet of paper with today’s date and
                the words “For {exchanger} exchange” written by hand, in good light.
              </Trans>
            </p>
            <Button color="border" size="sm" className="self-start text-navy-900" onClick={() => setInstructionOpen(true)}>
              {t`How to take the photo`}
            </Button>
            <div className="flex flex-col gap-2">
              <label
                htmlFor="verification-file"
                className="inline-flex h-11 w-fit cursor-pointer items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white shadow-sm hover:bg-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
              >
                {images > 0 ? t`Upload another photo` : t`Choose a photo`}
                <input
                  ref={picker}
                  id="verification-file"
                  type="file"
                  accept={IMAGE_TYPES.join(',')}
                  className="sr-only"
                  aria-describedby={fileError ? 'verification-file-hint verification-file-error' : 'verification-file-hint'}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) flow.send({ type: 'file.chosen', file });
                  }}
                />
              </label>
              <p id="verification-file-hint" className="text-sm text-slate-600">
                {t`JPEG, PNG or WebP, up to 10 MB.`}
              </p>
              {fileError && (
                <p id="verification-file-error" role="alert" className="text-sm font-medium text-red-700">
                  {errorText(fileError)}
                </p>
              )}
            </div>
            {images > 0 && (
              <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4">
                <p className="font-medium text-emerald-900">{t`Photos uploaded: ${images}`}</p>
                <Button className="self-start" onClick={() => flow.send({ type: 'confirm' })}>
                  {t`Send for review`}
                </Button>
              </div>
            )}
          </div>
        )}

        {state.matches('uploading') && <UploadProgress label={t`Uploading the photo…`} progress={progress} onCancel={() => flow.send({ type: 'cancel' })} />}
        {state.matches('confirming') && <Busy>{t`Sending for review…`}</Busy>}

        {state.matches('pending') && (
          <div className="flex flex-col gap-2">
            <h2 className="text-lg font-bold text-navy-900">{t`The photo is being reviewed`}</h2>
            <Busy>{t`An operator is checking your photo. This page updates by itself.`}</Busy>
          </div>
        )}

        {state.matches('approved') && (
          <div className="flex flex-col gap-3">
            <h2 className="text-lg font-bold text-emerald-800">{t`The card is verified`}</h2>
            <p className="text-slate-700">{t`You can now exchange with this card at the verified rate.`}</p>
            <Button href="/account/cards" color="border" size="sm" className="self-start text-navy-900">
              {t`Back to my cards`}
            </Button>
          </div>
        )}

        {state.matches('rejected') && (
          <div className="flex flex-col gap-3">
            <h2 className="text-lg font-bold text-red-800">{t`The verification was rejected`}</h2>
            {reason && (
              <p className="rounded-lg bg-red-50 p-3 text-red-900">
                <span className="font-semibold">{t`Reason:`}</span> {reason}
              </p>
            )}
            <Button className="self-start" onClick={() => flow.send({ type: 'retry' })}>
              {t`Try again`}
            </Button>
          </div>
        )}

        {state.matches('deleteAsked') && (
          <div role="group" aria-labelledby="delete-question" className="flex flex-col gap-3">
            <h2 id="delete-question" className="text-lg font-bold text-navy-900">
              {t`Delete this verification?`}
            </h2>
            <p className="text-slate-700">{t`The uploaded photos will be deleted too. You can add the card again later.`}</p>
            <div className="flex flex-wrap gap-3">
              <Button className="bg-red-700 hover:bg-red-800" onClick={() => flow.send({ type: 'delete.confirm' })}>
                {t`Delete`}
              </Button>
              <Button color="border" className="text-navy-900" onClick={() => flow.send({ type: 'delete.cancel' })}>
                {t`Keep it`}
              </Button>
            </div>
          </div>
        )}
        {state.matches('deleting') && <Busy>{t`Deleting…`}</Busy>}
        {state.matches('deleted') && (
          <div className="flex flex-col gap-3">
            <p className="font-medium text-slate-800">{t`The verification has been deleted.`}</p>
            <Button href="/account/cards" color="border" size="sm" className="self-start text-navy-900">
              {t`Back to my cards`}
            </Button>
          </div>
        )}

        {state.matches('failed') && (
          <div role="alert" className="flex flex-col gap-3">
            <p className="font-medium text-red-800">{error && errorText(error)}</p>
            <Button color="gray" size="sm" className="self-start" onClick={() => flow.send({ type: 'retry' })}>
              {t`Try again`}
            </Button>
          </div>
        )}
      </section>

      {state.can({ type: 'delete' }) && (
        <Button color="border" size="sm" className="self-start text-red-800" onClick={() => flow.send({ type: 'delete' })}>
          {t`Delete this verification`}
        </Button>
      )}

      <InstructionModal open={instructionOpen} onClose={() => setInstructionOpen(false)} />
    </div>
  );
}
