// Directions (course, verified course, limits, pause, card verification, market formula), the live rates and reserves (amount, held
// by open claims, available).
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsDirection } from '../api/schemas/ops.ts';
import { takesCardVerification } from '../domain/cardVerification.ts';
import type { OpsRates } from '../api/schemas/opsRates.ts';
import type { OpsEditValues } from '../../machines/opsEdit.ts';
import { DirectionFormula } from './DirectionFormula.tsx';
import { EditForm } from './EditForm.tsx';
import { LiveRates } from './LiveRates.tsx';
import { Alert } from './ui.tsx';
import { useResource } from './useResource.ts';
import { opsResources } from './wiring/resources.ts';
import { ReadOnlyNote } from './roles.tsx';

function directionValues(direction: OpsDirection): OpsEditValues {
  return {
    course: direction.course,
    verificationCourse: direction.verificationCourse ?? '',
    fromMin: direction.fromMin ?? '',
    fromMax: direction.fromMax ?? '',
    toMin: direction.toMin ?? '',
    toMax: direction.toMax ?? '',
    active: String(direction.active),
    cardVerification: String(direction.cardVerification),
  };
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <Alert>
      <Trans>The list could not be loaded.</Trans>{' '}
      <button type="button" className="underline" onClick={retry}><Trans>Retry</Trans></button>
    </Alert>
  );
}

function Directions({
  list,
  rates,
  onRatesChanged,
}: {
  list: ReturnType<typeof useResource<OpsDirection[]>>;
  rates: OpsRates | null;
  onRatesChanged: () => void;
}) {
  const { t } = useLingui();
  const { data, failed, retry, reload } = list;
  if (failed) return <Failed retry={retry} />;
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  const fields = [
    { name: 'course', label: t`Course` },
    { name: 'verificationCourse', label: t`Verified course (empty: none)` },
    { name: 'fromMin', label: t`Give minimum` },
    { name: 'fromMax', label: t`Give maximum` },
    { name: 'toMin', label: t`Receive minimum` },
    { name: 'toMax', label: t`Receive maximum` },
    { name: 'active', label: t`Offered (unticked: paused)`, kind: 'checkbox' as const },
  ];
  // Only a card can be verified: the switch is offered where the client pays from one.
  const cardVerificationField = { name: 'cardVerification', label: t`Pay out only to a verified sender card`, kind: 'checkbox' as const };
  return (
    <ul className="space-y-2">
      {data.map((direction) => (
        <li key={direction.id} className="rounded-md border border-slate-200 bg-white p-2 text-sm" data-direction={`${direction.fromCode}-${direction.toCode}`}>
          <div className="mb-1 flex flex-wrap items-center gap-3">
            <span className="font-semibold">{direction.fromCode} → {direction.toCode}</span>
            <span className="tabular-nums"><Trans>course</Trans> {direction.course}</span>
            {direction.verificationCourse ? <span className="tabular-nums"><Trans>verified</Trans> {direction.verificationCourse}</span> : null}
            <span className="text-slate-500 tabular-nums">
              {direction.fromMin ?? '—'}…{direction.fromMax ?? '—'} / {direction.toMin ?? '—'}…{direction.toMax ?? '—'}
            </span>
            {!direction.active ? <span className="rounded bg-red-100 px-2 text-red-900"><Trans>paused</Trans></span> : null}
            {direction.paused ? <span className="rounded bg-amber-100 px-2 text-amber-900"><Trans>stale rates</Trans></span> : null}
            {direction.cardVerification ? <span className="rounded bg-sky-100 px-2 text-sky-900"><Trans>card verification</Trans></span> : null}
          </div>
          <EditForm
            fields={takesCardVerification(direction.fromKind) ? [...fields, cardVerificationField] : fields}
            editLabel={t`Edit`}
            current={() => directionValues(direction)}
            save="updateDirection"
            target={direction}
            onSaved={reload}
          />
          {rates ? (
            <DirectionFormula
              directionId={direction.id}
              feed={rates.feeds.find((feed) => feed.directionId === direction.id)}
              onChanged={onRatesChanged}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Reserves() {
  const { t } = useLingui();
  const { data, failed, retry, reload } = useResource(opsResources.reserves);
  if (failed) return <Failed retry={retry} />;
  if (!data) return <p aria-busy="true"><Trans>Loading…</Trans></p>;
  return (
    <table className="w-full rounded-md border border-slate-200 bg-white text-left text-sm">
      <thead className="bg-slate-100 text-xs uppercase text-slate-600">
        <tr>
          <th className="px-2 py-2"><Trans>Currency</Trans></th>
          <th className="px-2 py-2"><Trans>Reserve</Trans></th>
          <th className="px-2 py-2"><Trans>Held by open claims</Trans></th>
          <th className="px-2 py-2"><Trans>Available</Trans></th>
          <th className="px-2 py-2"></th>
        </tr>
      </thead>
      <tbody>
        {data.map((reserve) => (
          <tr key={reserve.code} className="border-t border-slate-100 align-top">
            <td className="px-2 py-1">{reserve.name} <span className="text-slate-500">{reserve.code}</span></td>
            <td className="px-2 py-1 tabular-nums">{reserve.amount}</td>
            <td className="px-2 py-1 tabular-nums">{reserve.held}</td>
            <td className="px-2 py-1 tabular-nums">{reserve.available}</td>
            <td className="px-2 py-1">
              <EditForm
                fields={[{ name: 'amount', label: t`Reserve` }]}
                editLabel={t`Change`}
                current={() => ({ amount: reserve.amount })}
                save="setReserve"
                target={reserve}
                onSaved={reload}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CataloguePage() {
  const rates = useResource(opsResources.rates);
  const directions = useResource(opsResources.directions);
  // A formula or an answer to a held jump writes the course too: both lists are read again.
  const ratesChanged = () => {
    rates.reload();
    directions.reload();
  };
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-bold"><Trans>Directions and reserves</Trans></h1>
      <ReadOnlyNote sections={['directions', 'rates', 'reserves']} />
      <h2 className="font-semibold"><Trans>Live rates</Trans></h2>
      {rates.failed ? <Failed retry={rates.retry} /> : null}
      {rates.data ? <LiveRates rates={rates.data} onChanged={ratesChanged} /> : null}
      <h2 className="font-semibold"><Trans>Directions</Trans></h2>
      <Directions list={directions} rates={rates.data} onRatesChanged={ratesChanged} />
      <h2 className="font-semibold"><Trans>Reserves</Trans></h2>
      <Reserves />
    </section>
  );
}
