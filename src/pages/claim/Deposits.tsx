// What the chain watcher saw paying the claim's address: each transfer with its confirmations (seen, n of N),
// confirmed or dropped by the network, linked to a block explorer. The page updates it as the blocks come.
import { Trans } from '@lingui/react/macro';
import type { ClaimDeposit, ClaimForm } from '../../api/schemas/claim.ts';
import { formatAmount } from '../../domain/money.ts';

function DepositState({ deposit }: { deposit: ClaimDeposit }) {
  const { confirmations, required } = deposit;
  if (deposit.status === 'confirmed') return <Trans>Confirmed: {confirmations} of {required} confirmations</Trans>;
  if (deposit.status === 'dropped') return <Trans>Dropped by the network: this transfer is no longer in the blockchain</Trans>;
  return <Trans>Payment seen, {confirmations} of {required} confirmations</Trans>;
}

export function Deposits({ deposits, form, tag }: { deposits: ClaimDeposit[]; form: ClaimForm; tag: string }) {
  if (deposits.length === 0) return null;
  const unit = form.from.currency.unit;
  return (
    <div className="mt-3 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="claim-deposits">
      <p className="font-semibold">
        <Trans>Payments seen on the blockchain</Trans>
      </p>
      <ul className="mt-1 flex flex-col gap-2">
        {deposits.map((deposit) => (
          <li
            key={`${deposit.txHash}-${deposit.firstSeenAt}`}
            data-testid="claim-deposit"
            data-status={deposit.status}
            data-confirmations={`${deposit.confirmations}/${deposit.required}`}
            className="flex flex-col gap-0.5 sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-3"
          >
            <span className="font-semibold tabular-nums">
              {formatAmount(deposit.amount, tag)} {unit}
            </span>
            <span>
              <DepositState deposit={deposit} />
            </span>
            {deposit.explorerUrl && (
              <a
                href={deposit.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 truncate font-mono text-xs text-sky-800 underline"
                title={deposit.txHash}
              >
                {deposit.txHash}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
