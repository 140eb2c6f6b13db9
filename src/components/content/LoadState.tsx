// What a part of a page shows while its data loads, and when loading failed (with "Try again").
import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';

export function LoadingBlock() {
  return (
    <div className="animate-pulse space-y-3" role="status">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <div className="h-4 rounded bg-slate-200" />
      <div className="h-4 w-11/12 rounded bg-slate-200" />
      <div className="h-4 w-4/5 rounded bg-slate-200" />
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-medium">
        <Trans>We could not load this section. Check your connection and try again.</Trans>
      </p>
      <Button color="border" size="sm" className="mt-3" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
