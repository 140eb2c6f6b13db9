// The cross that closes a banner, a notice or a dialog. The label says what closes (the icon alone says nothing
// to a screen reader); size, position and colours come from the place it sits in.
import { LineIcon } from './LineIcon.tsx';

export interface CloseButtonProps {
  label: string;
  onClick: () => void;
  className?: string;
}

export function CloseButton({ label, onClick, className = '' }: CloseButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center ${className}`}
    >
      <LineIcon>
        <path d="M6 6l12 12M18 6L6 18" />
      </LineIcon>
    </button>
  );
}
