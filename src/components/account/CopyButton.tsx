// Copies a text to the clipboard and says so for a moment (the "copied" flag is purely visual).
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';

const COPIED_VISIBLE_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ text, label, className = '' }: { text: string; label?: string; className?: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      color="gray"
      size="sm"
      className={className}
      onClick={() => {
        void copyText(text).then(setCopied);
      }}
    >
      {copied ? t`Copied` : (label ?? t`Copy`)}
      <span className="sr-only" role="status">
        {copied ? t`Copied to the clipboard` : ''}
      </span>
    </Button>
  );
}
