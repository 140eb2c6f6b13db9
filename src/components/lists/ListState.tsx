// What a paged list shows instead of (or above) its rows: the first load, a failure with Retry, an empty list.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';

export function ListState({
  loading,
  failed,
  empty,
  onRetry,
  emptyText,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
  emptyText: ReactNode;
}) {
  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <Trans>The list could not be loaded.</Trans>
        </p>
        <Button color="gray" size="sm" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  }
  if (loading && empty) {
    return (
      <p className="flex items-center gap-2 py-8 text-slate-600" role="status">
        <Spinner className="size-5" /> <Trans>Loading…</Trans>
      </p>
    );
  }
  if (empty) return <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">{emptyText}</p>;
  return null;
}
