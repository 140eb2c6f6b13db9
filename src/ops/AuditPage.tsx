// The audit log: who changed what, when, before and after. Filterable; nothing on it can be edited.
import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsAuditRow } from '../api/schemas/ops.ts';
import { ListFrame } from './ListFrame.tsx';
import { DateTime, Field, OpsButton, OpsInput } from './ui.tsx';
import { useOpsList } from './useOpsList.ts';
import { opsLists } from './wiring/lists.ts';

const NO_FILTERS = { action: '', actor: '', target: '', date_from: '', date_to: '' };

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

function AuditTable({ rows }: { rows: OpsAuditRow[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-100 text-xs uppercase text-slate-600">
          <tr>
            <th className="px-2 py-2">
              <Trans>When</Trans>
            </th>
            <th className="px-2 py-2">
              <Trans>Who</Trans>
            </th>
            <th className="px-2 py-2">
              <Trans>What</Trans>
            </th>
            <th className="px-2 py-2">
              <Trans>Target</Trans>
            </th>
            <th className="px-2 py-2">
              <Trans>Before</Trans>
            </th>
            <th className="px-2 py-2">
              <Trans>After</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100 align-top">
              <td className="px-2 py-1 whitespace-nowrap">
                <DateTime iso={row.at} />
              </td>
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
  );
}

export function AuditPage() {
  const { t } = useLingui();
  const list = useOpsList(opsLists.audit, NO_FILTERS);
  const { draft } = list;
  const edit = (name: keyof typeof NO_FILTERS) => (event: { target: { value: string } }) =>
    list.actor.send({ type: 'draft.changed', name, value: event.target.value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.actor.send({ type: 'draft.applied' });
  };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold">
        <Trans>Audit log</Trans>
      </h1>
      <form className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-6" onSubmit={apply}>
        <Field label={t`Action (e.g. claim.move)`}>
          <OpsInput name="action" value={draft.action} onChange={edit('action')} />
        </Field>
        <Field label={t`Operator`}>
          <OpsInput name="actor" value={draft.actor} onChange={edit('actor')} />
        </Field>
        <Field label={t`Target (claim number, e-mail)`}>
          <OpsInput name="target" value={draft.target} onChange={edit('target')} />
        </Field>
        <Field label={t`From date`}>
          <OpsInput type="date" name="date_from" value={draft.date_from} onChange={edit('date_from')} />
        </Field>
        <Field label={t`To date`}>
          <OpsInput type="date" name="date_to" value={draft.date_to} onChange={edit('date_to')} />
        </Field>
        <div className="flex items-end">
          <OpsButton type="submit">
            <Trans>Apply</Trans>
          </OpsButton>
        </div>
      </form>
      <ListFrame list={list}>{(rows) => <AuditTable rows={rows} />}</ListFrame>
    </section>
  );
}
