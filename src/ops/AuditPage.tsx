// The audit log: who changed what, when, before and after. Filterable; nothing on it can be edited.
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { opsApi } from './api.ts';
import { Alert, DateTime, Field, OpsButton, OpsInput } from './ui.tsx';
import { useResource } from './useResource.ts';

interface AuditFilters {
  action: string;
  actor: string;
  target: string;
  date_from: string;
  date_to: string;
}

const NO_FILTERS: AuditFilters = { action: '', actor: '', target: '', date_from: '', date_to: '' };

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

function AuditTable({ filters, page, onPage }: { filters: AuditFilters; page: number; onPage: (page: number) => void }) {
  const { data, failed, retry } = useResource(() => opsApi.audit({ ...filters }, page));
  if (failed) {
    return (
      <Alert>
        <Trans>The log could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  return (
    <>
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100 text-xs uppercase text-slate-600">
            <tr>
              <th className="px-2 py-2"><Trans>When</Trans></th>
              <th className="px-2 py-2"><Trans>Who</Trans></th>
              <th className="px-2 py-2"><Trans>What</Trans></th>
              <th className="px-2 py-2"><Trans>Target</Trans></th>
              <th className="px-2 py-2"><Trans>Before</Trans></th>
              <th className="px-2 py-2"><Trans>After</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 align-top">
                <td className="px-2 py-1 whitespace-nowrap"><DateTime iso={row.at} /></td>
                <td className="px-2 py-1">{row.actor}</td>
                <td className="px-2 py-1 font-mono">{row.action}</td>
                <td className="px-2 py-1 font-mono break-all">{row.target}</td>
                <td className="px-2 py-1 font-mono text-xs break-all">{json(row.before)}</td>
                <td className="px-2 py-1 font-mono text-xs break-all">{json(row.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex items-center gap-2 text-sm">
        <OpsButton tone="plain" disabled={!data.previous} onClick={() => onPage(page - 1)}><Trans>Previous</Trans></OpsButton>
        <OpsButton tone="plain" disabled={!data.next} onClick={() => onPage(page + 1)}><Trans>Next</Trans></OpsButton>
      </div>
    </>
  );
}

export function AuditPage() {
  const { t } = useLingui();
  // The typed filters, those applied, and the page: view choices; each applied set loads through the machine.
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const edit = (name: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold"><Trans>Audit log</Trans></h1>
      <form className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-6" onSubmit={apply}>
        <Field label={t`Action (e.g. claim.move)`}><OpsInput name="action" value={draft.action} onChange={edit('action')} /></Field>
        <Field label={t`Operator`}><OpsInput name="actor" value={draft.actor} onChange={edit('actor')} /></Field>
        <Field label={t`Target (claim number, e-mail)`}><OpsInput name="target" value={draft.target} onChange={edit('target')} /></Field>
        <Field label={t`From date`}><OpsInput type="date" name="date_from" value={draft.date_from} onChange={edit('date_from')} /></Field>
        <Field label={t`To date`}><OpsInput type="date" name="date_to" value={draft.date_to} onChange={edit('date_to')} /></Field>
        <div className="flex items-end"><OpsButton type="submit"><Trans>Apply</Trans></OpsButton></div>
      </form>
      <AuditTable key={`${JSON.stringify(applied)}|${page}`} filters={applied} page={page} onPage={setPage} />
    </section>
  );
}
