// Copies a value (an address, an amount, a code, a link) to the clipboard and says so for a moment.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';

const COPIED_VISIBLE_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** The visible caption; "Copy" when not given. */
  caption?: string;
  /** What is copied, for screen readers ("Copy: Amount to send") when the caption alone does not say it. */
  subject?: string;
  className?: string;
}

export function CopyButton({ text, caption, subject, className = '' }: CopyButtonProps) {
  const { t } = useLingui();
  // Purely visual: the "Copied" confirmation.
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <Button color="gray" size="sm" className={`shrink-0 ${className}`} onClick={copy} aria-label={subject ? t`Copy: ${subject}` : undefined}>
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <rect x="7" y="7" width="10" height="10" rx="2" />
        <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
      </svg>
      <span aria-live="polite">{copied ? t`Copied` : (caption ?? t`Copy`)}</span>
    </Button>
  );
}
