// The claims queue: counts per status (every status of the table), filters, search, the live list.
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { OpsQueueFilters } from '../../machines/opsQueue.ts';
import { CLAIM_STATUSES, type ClaimStatus } from '../domain/claimStatus.ts';
import { statusLabel } from './statusLabels.ts';
import { Alert, DateTime, Field, OpsButton, OpsInput, StatusBadge } from './ui.tsx';
import { useResource } from './useResource.ts';
import { OpsQueue } from './wiring/queue.ts';
import { opsResources } from './wiring/resources.ts';

const PAGE_SIZE = 20;

export function ClaimsPage() {
  const { t } = useLingui();
  const actor = OpsQueue.useSharedActor();
  const { draft, query, result, error } = useSelector(actor, (state) => state.context);
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const directions = useResource(opsResources.directions);
  const edit = (name: keyof OpsQueueFilters) => (event: { target: { value: string } }) =>
    actor.send({ type: 'draft.changed', name, value: event.target.value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'draft.applied' });
  };
  const pickStatus = (status: ClaimStatus | '') => actor.send({ type: 'filters.changed', filters: { status } });
  const counts = result?.counts.byStatus;
  const page = result?.page;
  const pages = page ? Math.max(1, Math.ceil(page.count / PAGE_SIZE)) : 1;
  return (
    <section aria-busy={busy}>
      <h1 className="mb-3 text-xl font-bold">
        <Trans>Claims</Trans>
      </h1>
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label={t`Claims per status`}>
        <OpsButton tone={query.filters.status === '' ? 'primary' : 'plain'} onClick={() => pickStatus('')}>
          <Trans>All</Trans>
        </OpsButton>
        {CLAIM_STATUSES.map((status) => (
          <OpsButton
            key={status}
            tone={query.filters.status === status ? 'primary' : 'plain'}
            onClick={() => pickStatus(status)}
            data-status={status}
          >
            {statusLabel(t, status)} <span className="ml-1 tabular-nums">{counts?.[status] ?? 0}</span>
          </OpsButton>
        ))}
      </div>
      <form className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-5" onSubmit={apply}>
        <Field label={t`Search: number, e-mail, address, amount`}>
          <OpsInput type="search" name="q" value={draft.q} onChange={edit('q')} />
        </Field>
        <Field label={t`Direction`}>
          <select
            name="direction"
            className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={draft.direction}
            onChange={edit('direction')}
          >
            <option value="">{t`All directions`}</option>
            {directions.data?.map((direction) => {
              const value = `${direction.fromCode}-${direction.toCode}`;
              return (
                <option key={value} value={value}>
                  {direction.fromCode} → {direction.toCode}
                </option>
              );
            })}
          </select>
        </Field>
        <Field label={t`From date`}>
          <OpsInput type="date" name="dateFrom" value={draft.dateFrom} onChange={edit('dateFrom')} />
        </Field>
        <Field label={t`To date`}>
          <OpsInput type="date" name="dateTo" value={draft.dateTo} onChange={edit('dateTo')} />
        </Field>
        <div className="flex items-end gap-2">
          <OpsButton type="submit">
            <Trans>Apply</Trans>
          </OpsButton>
          <OpsButton tone="plain" onClick={() => actor.send({ type: 'filters.reset' })}>
            <Trans>Reset</Trans>
          </OpsButton>
        </div>
      </form>
      {error ? (
        <Alert>
          <Trans>The queue could not be loaded; trying again.</Trans>{' '}
          <button type="button" className="underline" onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Retry now</Trans>
          </button>
        </Alert>
      ) : null}
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr>
              <th className="px-2 py-2">
                <Trans>Created</Trans>
              </th>
              <th className="px-2 py-2">
                <Trans>Number</Trans>
              </th>
              <th className="px-2 py-2">
                <Trans>Status</Trans>
              </th>
              <th className="px-2 py-2">
                <Trans>Gives</Trans>
              </th>
              <th className="px-2 py-2">
                <Trans>Receives</Trans>
              </th>
              <th className="px-2 py-2">
                <Trans>E-mail</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {page?.results.map((claim) => (
              <tr key={claim.uuid} className="border-t border-slate-100" data-claim={claim.uuid}>
                <td className="px-2 py-2 whitespace-nowrap">
                  <DateTime iso={claim.createdAt} />
                </td>
                <td className="px-2 py-2 font-mono">
                  <Link href={`/claims/${claim.uuid}`} className="text-sky-800 underline">
                    {claim.uuid.slice(0, 8)}
                  </Link>
                </td>
                <td className="px-2 py-2">
                  <StatusBadge status={claim.status} />
                </td>
                <td className="px-2 py-2 tabular-nums">
                  {claim.fromSumma} {claim.fromCode}
                </td>
                <td className="px-2 py-2 tabular-nums">
                  {claim.toSumma} {claim.toCode}
                </td>
                <td className="px-2 py-2">{claim.email}</td>
              </tr>
            ))}
            {page && page.results.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-6 text-center text-slate-500">
                  <Trans>No claims match.</Trans>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex items-center gap-2 text-sm">
        <OpsButton
          tone="plain"
          disabled={query.page <= 1}
          onClick={() => actor.send({ type: 'page.changed', page: query.page - 1 })}
        >
          <Trans>Previous</Trans>
        </OpsButton>
        <span>
          <Trans>
            Page {query.page} of {pages}
          </Trans>
        </span>
        <OpsButton
          tone="plain"
          disabled={query.page >= pages}
          onClick={() => actor.send({ type: 'page.changed', page: query.page + 1 })}
        >
          <Trans>Next</Trans>
        </OpsButton>
      </div>
    </section>
  );
}
