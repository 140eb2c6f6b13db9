// An uploaded image (receipt, card photo): a thumbnail that opens full size in a dialog.
import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { OpsButton } from './ui.tsx';

export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="block rounded border border-slate-200 bg-white p-1">
        <img src={src} alt={alt} className="max-h-64 max-w-full object-contain" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-50">
        <div className="fixed inset-0 bg-slate-950/70" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="max-h-full max-w-full overflow-auto rounded-lg bg-white p-3">
            <div className="mb-2 flex items-center justify-between gap-4">
              <DialogTitle className="font-semibold">{alt}</DialogTitle>
              <OpsButton tone="plain" onClick={() => setOpen(false)}>
                <Trans>Close</Trans>
              </OpsButton>
            </div>
            <img src={src} alt={alt} className="max-w-none" />
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
