// The frame of a console list: a failure with Retry, loading, an empty list, the rows, and Previous/Next paging.
// StatusTabs picks which status a queue shows (verifications, withdrawals).
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { OpsList } from './useOpsList.ts';
import { Alert, OpsButton } from './ui.tsx';

export function ListFrame<Item>({ list, children }: { list: OpsList<Item>; children: (items: Item[]) => ReactNode }) {
  const { actor, result, failed, busy, query } = list;
  if (failed) {
    return (
      <Alert>
        <Trans>The list could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={() => actor.send({ type: 'retry' })}>
          <Trans>Retry</Trans>
        </button>
      </Alert>
    );
  }
  if (!result)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  return (
    <div aria-busy={busy}>
      {result.results.length === 0 ? (
        <p className="text-slate-500">
          <Trans>Nothing here.</Trans>
        </p>
      ) : (
        children(result.results)
      )}
      {result.previous || result.next ? (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <OpsButton
            tone="plain"
            disabled={!result.previous}
            onClick={() => actor.send({ type: 'page.changed', page: query.page - 1 })}
          >
            <Trans>Previous</Trans>
          </OpsButton>
          <OpsButton
            tone="plain"
            disabled={!result.next}
            onClick={() => actor.send({ type: 'page.changed', page: query.page + 1 })}
          >
            <Trans>Next</Trans>
          </OpsButton>
        </div>
      ) : null}
    </div>
  );
}

export function StatusTabs<Status extends string>({
  list,
  statuses,
  labels,
}: {
  list: OpsList<unknown>;
  statuses: readonly Status[];
  labels: Record<Status, string>;
}) {
  const current = list.query.filters.status;
  return (
    <div className="mb-3 flex gap-2" role="group">
      {statuses.map((value) => (
        <OpsButton
          key={value}
          tone={current === value ? 'primary' : 'plain'}
          aria-pressed={current === value}
          onClick={() => list.actor.send({ type: 'filters.changed', filters: { status: value } })}
        >
          {labels[value]}
        </OpsButton>
      ))}
    </div>
  );
}
