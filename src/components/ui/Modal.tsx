// The generic dialog (Headless UI Dialog: focus trap, Escape, inert background; loaded when first opened). Variants set width and padding:
// login (narrow form), verify and verification (card/identity checks), qr (compact, centred), instruction (wide text).
import { lazy, Suspense, type ReactNode } from 'react';

export type ModalVariant = 'login' | 'verify' | 'verification' | 'qr' | 'instruction';

export const MODAL_VARIANT_CLASSES: Record<ModalVariant, string> = {
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

const ModalDialog = lazy(() => import('./ModalDialog.tsx'));

export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
