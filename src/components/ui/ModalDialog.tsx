// The Headless UI part of Modal (focus trap, Escape, inert background), loaded only when a modal first opens
// so the shell's first load does not carry Headless UI.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { CloseButton } from './CloseButton.tsx';
import { MODAL_VARIANT_CLASSES, type ModalProps } from './Modal.tsx';

export default function ModalDialog({
  open,
  onClose,
  variant = 'login',
  title,
  description,
  children,
  className = '',
}: ModalProps) {
  const { t } = useLingui();
  return (
    // The dialog element itself covers the viewport, so it has a box (visible to tests and assistive tech).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-navy-950/60 backdrop-blur-[2px]" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel
            data-variant={variant}
            className={`relative w-full rounded-2xl bg-white shadow-2xl ${MODAL_VARIANT_CLASSES[variant]} ${className}`}
          >
            <CloseButton
              label={t`Close`}
              onClick={onClose}
              className="absolute top-3 right-3 size-10 rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            />
            <DialogTitle className="pr-10 text-xl font-bold text-navy-900">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
