// A decorative line icon on the 24×24 grid, drawn in the text colour; the control around it carries the
// accessible name, so the icon itself is hidden from screen readers.
import type { ReactNode } from 'react';

export interface LineIconProps {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
}

export function LineIcon({ children, className = 'size-5', strokeWidth = 2 }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
