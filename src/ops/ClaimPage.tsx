// One claim in full: amounts, course (and the re-price of a late payment), requisites, the receipt, the status
// timeline, the client's other claims, and the moves the status table allows an operator from here.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { moveNeedsReason } from '../domain/claimReasons.ts';
import { repricesOnMove, type ClaimStatus } from '../domain/claimStatus.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { ChainSection } from './ChainSection.tsx';
import { statusLabel } from './statusLabels.ts';
import { Alert, DateTime, OpsButton, StatusBadge } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { ZoomableImage } from './ZoomableImage.tsx';
import { ReadOnlyNote } from './roles.tsx';

const DANGEROUS: readonly ClaimStatus[] = ['rejected', 'canceled', 'expired', 'returned', 'payment_error', 'payout_error'];

function Requisites({ values }: { values: Record<string, string> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {Object.entries(values).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-slate-500">{name}</dt>
          <dd className="font-mono break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ClaimPage({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const { data: claim, failed, retry, reload } = useResource(opsResources.claim, uuid);
  if (failed) {
    return (
      <Alert>
        <Trans>The claim could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={retry}>
          <Trans>Retry</Trans>
        </button>
      </Alert>
    );
  }
  if (!claim) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  return (
    <article className="space-y-4">
      <p>
        <Link href="/" className="text-sm text-sky-800 underline"><Trans>← Claims</Trans></Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-lg font-bold">{claim.uuid}</h1>
        <StatusBadge status={claim.status} />
      </header>
      <ReadOnlyNote sections={['claims']} />
      <section className="grid gap-4 md:grid-cols-2">
        <div className="rounded-md border border-slate-200 bg-white p-3">
          <h2 className="mb-2 font-semibold"><Trans>Exchange</Trans></h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500"><Trans>Gives</Trans></dt>
            <dd className="tabular-nums" data-testid="from-summa">{claim.fromSumma} {claim.fromCode}</dd>
            <dt className="text-slate-500"><Trans>Receives</Trans></dt>
            <dd className="tabular-nums">{claim.toSumma} {claim.toCode}</dd>
            <dt className="text-slate-500"><Trans>Course</Trans></dt>
            <dd className="tabular-nums">{claim.course}{claim.withVerificationCourse ? ` (${t`verified rate`})` : ''}</dd>
            <dt className="text-slate-500"><Trans>E-mail</Trans></dt>
            <dd>{claim.email}{claim.userId !== null ? ` (${t`account`} #${claim.userId})` : ''}</dd>
            <dt className="text-slate-500"><Trans>Created</Trans></dt>
            <dd><DateTime iso={claim.createdAt} /></dd>
            <dt className="text-slate-500"><Trans>Pay by</Trans></dt>
            <dd><DateTime iso={claim.deadline} /></dd>
            {claim.promocode ? (
              <>
                <dt className="text-slate-500"><Trans>Promo code</Trans></dt>
                <dd>{claim.promocode}</dd>
              </>
            ) : null}
            {claim.repricing ? (
              <>
                <dt className="text-slate-500"><Trans>Re-priced</Trans></dt>
                <dd className="tabular-nums" data-testid="ops-repricing">
                  <Trans>
                    course {claim.repricing.oldCourse} → {claim.repricing.newCourse}, receives {claim.repricing.oldToSumma} →{' '}
                    {claim.repricing.newToSumma} {claim.toCode}
                  </Trans>{' '}
                  <span className="text-slate-500">
                    ({claim.repricing.actor}, <DateTime iso={claim.repricing.at} />)
                  </span>
                </dd>
              </>
            ) : null}
            {claim.repriceQuote ? (
              <>
                <dt className="text-slate-500"><Trans>At the current course</Trans></dt>
                <dd className="tabular-nums" data-testid="ops-reprice-quote">
                  <Trans>
                    course {claim.repriceQuote.course}, receives {claim.repriceQuote.toSumma} {claim.toCode}
                  </Trans>
                </dd>
              </>
            ) : null}
            {claim.reason ? (
              <>
                <dt className="text-slate-500"><Trans>Reason</Trans></dt>
                <dd>{claim.reason}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <div className="rounded-md border border-slate-200 bg-white p-3">
          <h2 className="mb-2 font-semibold"><Trans>Requisites the client gave</Trans></h2>
          <h3 className="text-xs font-semibold uppercase text-slate-500"><Trans>Pays from</Trans></h3>
          <Requisites values={claim.fromRequisites} />
          <h3 className="mt-2 text-xs font-semibold uppercase text-slate-500"><Trans>Receives to</Trans></h3>
          <Requisites values={claim.toRequisites} />
          <h3 className="mt-2 text-xs font-semibold uppercase text-slate-500"><Trans>Told to pay to</Trans></h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="ops-claim-payment">
            {claim.payment.payTo.map((line) => (
              <div key={line.name} className="contents">
                <dt className="text-slate-500">{line.label}</dt>
                <dd className="font-mono break-all">{line.value}</dd>
              </div>
            ))}
            {claim.payment.paymentComment ? (
              <div className="contents">
                <dt className="text-slate-500"><Trans>Payment comment</Trans></dt>
                <dd className="font-mono font-semibold">{claim.payment.paymentComment}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>
      <ChainSection claim={claim} onSaved={reload} />
      <section className="rounded-md border border-slate-200 bg-white p-3">
        <h2 className="mb-2 font-semibold"><Trans>Receipt</Trans></h2>
        {claim.receiptUrl ? <ZoomableImage src={claim.receiptUrl} alt={t`Payment receipt`} /> : <p className="text-sm text-slate-500"><Trans>No receipt uploaded.</Trans></p>}
      </section>
      <section className="rounded-md border border-slate-200 bg-white p-3">
        <h2 className="mb-2 font-semibold"><Trans>Change the status</Trans></h2>
        {claim.moves.length === 0 ? (
          <p className="text-sm text-slate-500"><Trans>This status is final.</Trans></p>
        ) : (
          <DecisionForm
            key={claim.status}
            options={claim.moves.map((status) => ({
              value: status,
              needsReason: moveNeedsReason(status),
              // Taking a late payment on is a re-price: the button says so.
              label: repricesOnMove(claim.status, status) ? t`Re-price at the current course` : statusLabel(t, status),
              tone: DANGEROUS.includes(status) ? 'danger' : 'primary',
            }))}
            send="moveClaim"
            target={claim.uuid}
            onDecided={reload}
          />
        )}
      </section>
      <section className="rounded-md border border-slate-200 bg-white p-3">
        <h2 className="mb-2 font-semibold"><Trans>Status history</Trans></h2>
        <ol className="space-y-1 text-sm" aria-label={t`Status history`}>
          {claim.events.map((event, index) => (
            <li key={index} className="flex flex-wrap gap-2">
              <DateTime iso={event.at} />
              <span>{event.fromStatus ? `${statusLabel(t, event.fromStatus)} → ` : ''}{statusLabel(t, event.toStatus)}</span>
              <span className="text-slate-500">{event.actor}{event.note ? ` · ${event.note}` : ''}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="rounded-md border border-slate-200 bg-white p-3">
        <h2 className="mb-2 font-semibold"><Trans>The client's other claims</Trans></h2>
        {claim.otherClaims.length === 0 ? (
          <p className="text-sm text-slate-500"><Trans>None.</Trans></p>
        ) : (
          <ul className="space-y-1 text-sm">
            {claim.otherClaims.map((other) => (
              <li key={other.uuid} className="flex flex-wrap items-center gap-2">
                <Link href={`/claims/${other.uuid}`} className="font-mono text-sky-800 underline">{other.uuid.slice(0, 8)}</Link>
                <StatusBadge status={other.status} />
                <span className="tabular-nums">{other.fromSumma} {other.fromCode} → {other.toSumma} {other.toCode}</span>
                <DateTime iso={other.createdAt} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <OpsButton tone="plain" onClick={reload}><Trans>Refresh</Trans></OpsButton>
    </article>
  );
}
