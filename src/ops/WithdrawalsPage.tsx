// Partners' withdrawals of referral earnings: pay (the money was sent) or reject (the amount returns).
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPS_WITHDRAWAL_STATUSES } from '../api/schemas/ops.ts';
import { opsApi } from './api.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { Alert, DateTime, OpsButton } from './ui.tsx';
import { useResource } from './useResource.ts';

type WithdrawalStatus = (typeof OPS_WITHDRAWAL_STATUSES)[number];

function WithdrawalList({ status }: { status: WithdrawalStatus }) {
  const { t } = useLingui();
  const { data, failed, retry, reload } = useResource(() => opsApi.withdrawals(status));
  if (failed) {
    return (
      <Alert>
        <Trans>The list could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  if (data.results.length === 0) return <p className="text-slate-500"><Trans>Nothing here.</Trans></p>;
  return (
    <ul className="space-y-2">
      {data.results.map((item) => (
        <li key={item.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
          <div className="mb-2 flex flex-wrap gap-3">
            <span className="font-semibold tabular-nums">{item.amount} RUB</span>
            <span>{item.email}</span>
            <span className="font-mono break-all">{item.requisites}</span>
            <DateTime iso={item.createdAt} />
          </div>
          {status === 'pending' ? (
            <DecisionForm
              options={[
                { value: 'pay', needsReason: false, label: t`Paid`, tone: 'primary' },
                { value: 'reject', needsReason: false, label: t`Reject (return to balance)`, tone: 'danger' },
              ]}
              send={({ value }) => opsApi.decideWithdrawal(item.id, value === 'pay' ? 'pay' : 'reject')}
              onDecided={reload}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function WithdrawalsPage() {
  const { t } = useLingui();
  // Which tab is open: a view choice, not a flow.
  const [status, setStatus] = useState<WithdrawalStatus>('pending');
  const labels: Record<WithdrawalStatus, string> = { pending: t`Waiting`, paid: t`Paid`, rejected: t`Rejected` };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold"><Trans>Withdrawals</Trans></h1>
      <div className="mb-3 flex gap-2" role="group">
        {OPS_WITHDRAWAL_STATUSES.map((value) => (
          <OpsButton key={value} tone={status === value ? 'primary' : 'plain'} aria-pressed={status === value} onClick={() => setStatus(value)}>
            {labels[value]}
          </OpsButton>
        ))}
      </div>
      <WithdrawalList key={status} status={status} />
    </section>
  );
}
