// Payment details: the coins' deposit address pools with a warning where one runs low or is empty (its claims are
// refused), a pasted list to load, and the exchanger's receiving accounts for roubles (add one, disable one).
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsAddressPool } from '../api/schemas/opsPayments.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { EditForm } from './EditForm.tsx';
import { Alert, DateTime } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { ReadOnlyNote } from './roles.tsx';

type Resource<Row> = Pick<ReturnType<typeof useResource<Row[]>>, 'data' | 'failed' | 'retry'>;

/** A loaded list as a table under its headings: a failure with Retry, or loading, until it is there. */
function LoadedTable<Row>({
  resource: { data, failed, retry },
  headings,
  row,
}: {
  resource: Resource<Row>;
  /** One per column; the last column (the row's actions) has none. */
  headings: ReactNode[];
  row: (item: Row) => ReactNode;
}) {
  if (failed) {
    return (
      <Alert>
        <Trans>The list could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  return (
    <table className="w-full rounded-md border border-slate-200 bg-white text-left text-sm">
      <thead className="bg-slate-100 text-xs uppercase text-slate-600">
        <tr>
          {headings.map((heading, column) => (
            <th key={column} className="px-2 py-2">{heading}</th>
          ))}
          <th className="px-2 py-2" />
        </tr>
      </thead>
      <tbody>{data.map(row)}</tbody>
    </table>
  );
}

function PoolWarning({ pool }: { pool: OpsAddressPool }) {
  if (pool.key) {
    const { key, nextIndex, unpaidSinceLastPaid } = pool.key;
    return (
      <span className="space-x-2 text-xs">
        <span data-testid={`pool-key-${pool.code}`}>
          <Trans>
            From key <span className="font-mono">{key}</span>, next index {nextIndex}
          </Trans>
        </span>
        {pool.key.overGapLimit && (
          <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900" data-testid={`pool-gap-${pool.code}`}>
            <Trans>
              {unpaidSinceLastPaid} addresses without a payment since the last paid one: set your wallet's gap limit above
              that, or it may not show later deposits
            </Trans>
          </span>
        )}
      </span>
    );
  }
  if (pool.free === 0) {
    return (
      <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid={`pool-empty-${pool.code}`}>
        <Trans>Empty: new claims are refused</Trans>
      </span>
    );
  }
  if (pool.low) {
    return (
      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid={`pool-low-${pool.code}`}>
        <Trans>Running low: load more</Trans>
      </span>
    );
  }
  return null;
}

function AddressPools() {
  const { t } = useLingui();
  const pools = useResource(opsResources.addressPools);
  const short = (pools.data ?? []).filter((pool) => pool.low).map((pool) => pool.code).join(', ');
  return (
    <section className="space-y-3" aria-labelledby="pools-title">
      <h2 id="pools-title" className="text-lg font-bold"><Trans>Deposit addresses</Trans></h2>
      {short ? (
        <Alert>
          <Trans>Load addresses for: {short}. Each claim takes an address of its own; without a free one the direction refuses new claims.</Trans>
        </Alert>
      ) : null}
      <EditForm
        fields={[
          { name: 'code', label: t`Currency code (BTC, USDTTRC20…)` },
          { name: 'addresses', label: t`Addresses, one a line`, kind: 'lines' },
        ]}
        editLabel={t`Load addresses`}
        current={() => ({ code: '', addresses: '' })}
        save="importAddresses"
        onSaved={pools.reload}
      />
      <LoadedTable
        resource={pools}
        headings={[<Trans>Currency</Trans>, <Trans>Network</Trans>, <Trans>Free</Trans>, <Trans>Given to claims</Trans>]}
        row={(pool) => (
          <tr key={pool.code} className="border-t border-slate-100" data-testid={`pool-${pool.code}`}>
            <td className="px-2 py-1">{pool.name} <span className="font-mono text-slate-500">{pool.code}</span></td>
            <td className="px-2 py-1">{pool.network ?? '—'}</td>
            <td className="px-2 py-1 tabular-nums">{pool.free}</td>
            <td className="px-2 py-1 tabular-nums">{pool.used}</td>
            <td className="px-2 py-1"><PoolWarning pool={pool} /></td>
          </tr>
        )}
      />
    </section>
  );
}

function ReceivingAccounts() {
  const { t } = useLingui();
  const accounts = useResource(opsResources.receivingAccounts);
  return (
    <section className="space-y-3" aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="text-lg font-bold"><Trans>Receiving accounts</Trans></h2>
      <p className="text-sm text-slate-600">
        <Trans>Each card, SBP or e-money claim is given the least recently used active account of its currency, and the claim number as the payment comment.</Trans>
      </p>
      <EditForm
        fields={[
          { name: 'code', label: t`Currency code (SBERRUB, SBPRUB…)` },
          { name: 'number', label: t`Card, phone or wallet number` },
          { name: 'holder', label: t`Holder (optional)` },
          { name: 'bank', label: t`Bank (optional)` },
        ]}
        editLabel={t`Add an account`}
        current={() => ({ code: '', number: '', holder: '', bank: '' })}
        save="addReceivingAccount"
        onSaved={accounts.reload}
      />
      <LoadedTable
        resource={accounts}
        headings={[<Trans>Currency</Trans>, <Trans>Number</Trans>, <Trans>Holder</Trans>, <Trans>Bank</Trans>, <Trans>Last given</Trans>]}
        row={(account) => (
          <tr key={account.id} className="border-t border-slate-100" data-testid={`account-${account.id}`}>
            <td className="px-2 py-1 font-mono">{account.code}</td>
            <td className="px-2 py-1 font-mono">{account.number}</td>
            <td className="px-2 py-1">{account.holder ?? '—'}</td>
            <td className="px-2 py-1">{account.bank ?? '—'}</td>
            <td className="px-2 py-1">{account.lastUsedAt ? <DateTime iso={account.lastUsedAt} /> : '—'}</td>
            <td className="px-2 py-1">
              {account.active ? (
                <DecisionForm
                  options={[{ value: 'disable', needsReason: false, label: t`Disable`, tone: 'danger' }]}
                  send="disableReceivingAccount"
                  target={account.id}
                  onDecided={accounts.reload}
                />
              ) : (
                <span className="text-slate-500"><Trans>Disabled</Trans></span>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function PaymentsPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-xl font-bold"><Trans>Payment details</Trans></h1>
      <ReadOnlyNote sections={['payments']} />
      <AddressPools />
      <ReceivingAccounts />
    </section>
  );
}
