// Pending changes (four eyes): changes to where clients pay and to formulas, each with what it was and what it
// becomes; an admin other than the proposer approves (it is applied then) or rejects it.
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsPendingChange } from '../api/schemas/opsChanges.ts';
import type { OperatorRole } from '../domain/operatorRoles.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { Alert, DateTime } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { OpsSession } from './wiring/session.ts';
import { ReadOnlyNote } from './roles.tsx';

export interface ChangesViewer {
  email: string;
  role: OperatorRole;
}

function Summary({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return <pre className="whitespace-pre-wrap break-all font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>;
}

export function PendingChangesList({ changes, viewer, onDecided }: { changes: OpsPendingChange[]; viewer: ChangesViewer; onDecided: () => void }) {
  const { t } = useLingui();
  if (changes.length === 0) return <p><Trans>No change is waiting.</Trans></p>;
  return (
    <ul className="space-y-3">
      {changes.map((change) => (
        <li key={change.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
          <h2 className="font-semibold">
            #{change.id} {change.kind} · {change.target}
          </h2>
          <p className="text-slate-600">
            <Trans>Proposed by {change.proposedBy}</Trans>, <DateTime iso={change.proposedAt} />
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <div>
              <h3 className="text-xs uppercase text-slate-500"><Trans>Before</Trans></h3>
              <Summary value={change.before} />
            </div>
            <div>
              <h3 className="text-xs uppercase text-slate-500"><Trans>After</Trans></h3>
              <Summary value={change.after} />
            </div>
          </div>
          {viewer.role !== 'admin' ? null : change.proposedBy === viewer.email ? (
            <p className="mt-2 text-slate-600"><Trans>Another admin approves your own change.</Trans></p>
          ) : (
            <div className="mt-2">
              <DecisionForm
                send="decideChange"
                target={change.id}
                options={[
                  { value: 'approve', label: t`Approve and apply`, tone: 'primary', needsReason: false },
                  { value: 'reject', label: t`Reject`, tone: 'danger', needsReason: false },
                ]}
                onDecided={onDecided}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ChangesPage() {
  const viewer = useSelector(OpsSession.useSharedActor(), (state) => state.context.operator);
  const { data, failed, retry, reload } = useResource(opsResources.pendingChanges);
  return (
    <section className="space-y-3">
      <h1 className="text-xl font-bold"><Trans>Pending changes</Trans></h1>
      <ReadOnlyNote sections={['changes']} />
      {failed ? (
        <Alert>
          <Trans>The list could not be loaded.</Trans>{' '}
          <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
        </Alert>
      ) : !data || !viewer ? (
        <p aria-busy="true"><Trans>Loading…</Trans></p>
      ) : (
        <PendingChangesList changes={data} viewer={viewer} onDecided={reload} />
      )}
    </section>
  );
}
