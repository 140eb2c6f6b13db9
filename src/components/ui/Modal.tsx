// The generic dialog (Headless UI Dialog: focus trap, Escape, inert background). Variants set width and padding:
// login (narrow form), verify and verification (card/identity checks), qr (compact, centred), instruction (wide text).
import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';

export type ModalVariant = 'login' | 'verify' | 'verification' | 'qr' | 'instruction';

const variants: Record<ModalVariant, string> = {
  login: 'max-w-md p-6 sm:p-8',
  verify: 'max-w-lg p-6 sm:p-8',
  verification: 'max-w-2xl p-5 sm:p-8',
  qr: 'max-w-sm p-6 text-center',
  instruction: 'max-w-3xl p-5 sm:p-10',
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  variant?: ModalVariant;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Extra classes for the panel (e.g. a mini size). */
  className?: string;
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function Modal({ open, onClose, variant = 'login', title, description, children, className = '' }: ModalProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-navy-950/60 backdrop-blur-[2px]" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel data-variant={variant} className={`relative w-full rounded-2xl bg-white shadow-2xl ${variants[variant]} ${className}`}>
            <button
              type="button"
              onClick={onClose}
              aria-label={t`Close`}
              className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <CloseIcon />
            </button>
            <DialogTitle className="pr-10 text-xl font-bold text-navy-900">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
