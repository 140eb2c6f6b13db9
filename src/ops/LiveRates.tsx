// The live rates at a glance: every direction on a formula with its state (live, paused on stale inputs, a jump
// held for the operator, who accepts or rejects it) and the guard's newest events.
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsRateEvent, OpsRates } from '../api/schemas/opsRates.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { DateTime } from './ui.tsx';

function useEventLabel(): (kind: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    formula_set: t`formula set`,
    formula_removed: t`back to manual`,
    paused: t`paused: stale inputs`,
    resumed: t`resumed`,
    held: t`jump held`,
    accepted: t`held rate accepted`,
    rejected: t`held rate rejected`,
  };
  return (kind) => labels[kind] ?? kind;
}

function Events({ events }: { events: OpsRateEvent[] }) {
  const label = useEventLabel();
  if (events.length === 0)
    return (
      <p className="text-sm text-slate-500">
        <Trans>No events yet.</Trans>
      </p>
    );
  return (
    <ul className="space-y-0.5 text-sm">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap gap-2">
          <span className="whitespace-nowrap text-slate-500">
            <DateTime iso={event.at} />
          </span>
          <span className="font-semibold">
            {event.fromCode} → {event.toCode}
          </span>
          <span>{label(event.kind)}</span>
          {event.course ? <span className="tabular-nums">{event.course}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function LiveRates({ rates, onChanged }: { rates: OpsRates; onChanged: () => void }) {
  const { t } = useLingui();
  return (
    <div className="space-y-3">
      {rates.feeds.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No direction follows the market: every rate is typed by hand.</Trans>
        </p>
      ) : (
        <ul className="space-y-2">
          {rates.feeds.map((feed) => (
            <li
              key={feed.directionId}
              className="rounded-md border border-slate-200 bg-white p-2 text-sm"
              data-feed={`${feed.fromCode}-${feed.toCode}`}
            >
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-semibold">
                  {feed.fromCode} → {feed.toCode}
                </span>
                <span className="tabular-nums">
                  <Trans>rate</Trans> {feed.course}
                </span>
                {feed.verificationCourse ? (
                  <span className="tabular-nums">
                    <Trans>verified</Trans> {feed.verificationCourse}
                  </span>
                ) : null}
                <span className="text-slate-500">
                  <Trans>decimal places</Trans> {feed.roundDecimals ?? '—'} · <Trans>largest step</Trans>{' '}
                  {feed.maxStepPercent === null ? '—' : `${feed.maxStepPercent} %`}
                </span>
                <span className="text-slate-500">
                  <Trans>updated</Trans> <DateTime iso={feed.updatedAt} />
                </span>
                {/* A held jump pauses the direction too; the hold below says why. */}
                {feed.paused && feed.heldCourse === null ? (
                  <span className="rounded bg-amber-100 px-2 text-amber-900">
                    <Trans>paused: stale inputs</Trans>
                  </span>
                ) : null}
                {!feed.paused && feed.heldCourse === null ? (
                  <span className="rounded bg-emerald-100 px-2 text-emerald-900">
                    <Trans>live</Trans>
                  </span>
                ) : null}
              </div>
              {feed.heldCourse !== null ? (
                <div className="mt-2 rounded-md border border-orange-200 bg-orange-50 p-2">
                  <p className="mb-1">
                    <Trans>
                      Held: the market moves the rate to {feed.heldCourse}, more than the largest step; waiting for you
                      since
                    </Trans>{' '}
                    {feed.heldAt ? <DateTime iso={feed.heldAt} /> : null}
                  </p>
                  <DecisionForm
                    options={[
                      { value: 'accept', needsReason: false, label: t`Accept the new rate`, tone: 'primary' },
                      { value: 'reject', needsReason: false, label: t`Reject, keep the rate`, tone: 'danger' },
                    ]}
                    send="decideHeldRate"
                    target={feed.directionId}
                    onDecided={onChanged}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold">
        <Trans>Recent events</Trans>
      </h3>
      <Events events={rates.events} />
    </div>
  );
}
