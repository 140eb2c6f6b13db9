// Partners' withdrawals of referral earnings: pay (the money was sent) or reject (the amount returns).
import { Trans, useLingui } from '@lingui/react/macro';
import { OPS_WITHDRAWAL_STATUSES, type OpsWithdrawal } from '../api/schemas/ops.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { ListFrame, StatusTabs } from './ListFrame.tsx';
import { DateTime } from './ui.tsx';
import { useOpsList } from './useOpsList.ts';
import { opsLists } from './wiring/lists.ts';
import { ReadOnlyNote } from './roles.tsx';

type WithdrawalStatus = (typeof OPS_WITHDRAWAL_STATUSES)[number];

function WithdrawalItems({ items, status, reload }: { items: OpsWithdrawal[]; status: string; reload: () => void }) {
  const { t } = useLingui();
  return (
    <ul className="space-y-2">
      {items.map((item) => (
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
              send="decideWithdrawal"
              target={item.id}
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
  const list = useOpsList(opsLists.withdrawals, { status: 'pending' });
  const labels: Record<WithdrawalStatus, string> = { pending: t`Waiting`, paid: t`Paid`, rejected: t`Rejected` };
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold">
        <Trans>Withdrawals</Trans>
      </h1>
      <ReadOnlyNote sections={['withdrawals']} />
      <StatusTabs list={list} statuses={OPS_WITHDRAWAL_STATUSES} labels={labels} />
      <ListFrame list={list}>
        {(items) => (
          <WithdrawalItems
            items={items}
            status={list.query.filters.status ?? ''}
            reload={() => list.actor.send({ type: 'reload' })}
          />
        )}
      </ListFrame>
    </section>
  );
}
