// What the chain watcher found for a claim: each deposit to its address (confirmations, counted or not, what the
// operator should know of it, a block explorer link) and the payout transaction, recorded here and checked on chain.
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsClaimDetail, OpsClaimDeposit, OpsClaimPayout } from '../api/schemas/ops.ts';
import type { DepositFlag } from '../domain/depositMatching.ts';
import { EditForm } from './EditForm.tsx';
import { DateTime } from './ui.tsx';

function TxLink({ hash, url }: { hash: string; url: string | null }) {
  const short = `${hash.slice(0, 10)}…${hash.slice(-6)}`;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer noopener" className="font-mono text-sky-800 underline" title={hash}>
      {short}
    </a>
  ) : (
    <span className="font-mono" title={hash}>
      {short}
    </span>
  );
}

function useFlagText(): (flag: DepositFlag) => string {
  const { t } = useLingui();
  return (flag) =>
    ({
      excess: t`Paid more than due: return the excess`,
      short: t`Paid less than due`,
      late: t`Arrived after the payment window`,
      after_close: t`Arrived on a canceled claim: return it`,
      second: t`Second deposit to this address: not counted`,
      dropped: t`Dropped from the chain (reorganisation)`,
    })[flag];
}

function Deposit({ deposit }: { deposit: OpsClaimDeposit }) {
  const flagText = useFlagText();
  return (
    <li className="flex flex-wrap items-center gap-2">
      <DateTime iso={deposit.firstSeenAt} />
      <span className="tabular-nums font-semibold">{deposit.amount}</span>
      <TxLink hash={deposit.txHash} url={deposit.explorerUrl} />
      <span className="text-slate-600">
        {deposit.status === 'dropped' ? (
          <Trans>dropped</Trans>
        ) : (
          <Trans>
            {deposit.confirmations} of {deposit.required} confirmations
          </Trans>
        )}
      </span>
      {deposit.counted ? (
        <span className="rounded bg-emerald-100 px-1 text-emerald-900">
          <Trans>counted</Trans>
        </span>
      ) : null}
      {deposit.flag ? (
        <span className="rounded bg-amber-100 px-1 text-amber-900" role="note">
          {flagText(deposit.flag)}
        </span>
      ) : null}
    </li>
  );
}

function Payout({ payout }: { payout: OpsClaimPayout }) {
  const { t } = useLingui();
  const check = {
    pending: t`waiting for the chain`,
    confirmed: t`confirmed on chain`,
    mismatch: t`MISMATCH: not completed`,
  }[payout.check];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="ops-claim-payout">
      <Trans>Payout</Trans> <TxLink hash={payout.txHash} url={payout.explorerUrl} />
      <span className={payout.check === 'mismatch' ? 'font-semibold text-red-800' : 'text-slate-600'}>{check}</span>
      {payout.amountSeen !== null ? <span className="tabular-nums">{payout.amountSeen}</span> : null}
      {payout.note ? <span className="text-slate-500">{payout.note}</span> : null}
    </p>
  );
}

export function ChainSection({ claim, onSaved }: { claim: OpsClaimDetail; onSaved: () => void }) {
  const { t } = useLingui();
  return (
    <section className="rounded-md border border-slate-200 bg-white p-3" aria-label={t`On chain`}>
      <h2 className="mb-2 font-semibold">
        <Trans>On chain</Trans>
      </h2>
      {claim.deposits.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No deposit seen.</Trans>
        </p>
      ) : (
        <ol className="space-y-1 text-sm">
          {claim.deposits.map((deposit) => (
            <Deposit key={deposit.txHash + deposit.firstSeenAt} deposit={deposit} />
          ))}
        </ol>
      )}
      {claim.payout ? <Payout payout={claim.payout} /> : null}
      {claim.status === 'processing' ? (
        <div className="mt-2">
          <EditForm
            save="recordPayout"
            target={claim.uuid}
            fields={[{ name: 'txHash', label: t`Payout transaction hash` }]}
            current={() => ({ txHash: claim.payout?.txHash ?? '' })}
            onSaved={onSaved}
            editLabel={t`Record the payout transaction`}
          />
        </div>
      ) : null}
    </section>
  );
}
