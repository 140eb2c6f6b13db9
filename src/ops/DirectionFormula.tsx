// A direction's market formula on the directions screen: put it on a formula or change it (the course formula,
// the verified one, decimal places, the largest step applied without the operator), or go back to a manual
// course. The server checks a formula against the sources as they answer now and says where it is wrong.
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsRateFeed } from '../api/schemas/opsRates.ts';
import type { OpsEditValues } from '../../machines/opsEdit.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { EditForm } from './EditForm.tsx';

/** What a new formula starts with: the CLI's default largest step. */
const DEFAULT_MAX_STEP = '5';

function formulaValues(feed: OpsRateFeed | undefined): OpsEditValues {
  return {
    course: feed?.courseFormula ?? '',
    verified: feed?.verifiedFormula ?? '',
    roundDecimals: feed?.roundDecimals === null || feed?.roundDecimals === undefined ? '' : String(feed.roundDecimals),
    maxStepPercent: feed ? (feed.maxStepPercent ?? '') : DEFAULT_MAX_STEP,
  };
}

export function DirectionFormula({
  directionId,
  feed,
  onChanged,
}: {
  directionId: number;
  feed: OpsRateFeed | undefined;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const fields = [
    { name: 'course', label: t`Rate formula, e.g. binance:BTCUSDT * cbr:USD * 0.985` },
    { name: 'verified', label: t`Verified rate formula (empty: the verified rate stays as typed)` },
    { name: 'roundDecimals', label: t`Decimal places (empty: 12 significant digits)` },
    { name: 'maxStepPercent', label: t`Largest step without the operator, % (empty: no limit)` },
  ];
  return (
    <div className="mt-1 space-y-1" data-formula={feed ? 'on' : 'off'}>
      {feed ? (
        <p className="font-mono text-xs text-slate-600 break-all">
          <Trans>formula</Trans> = {feed.courseFormula}
          {feed.verifiedFormula ? (
            <>
              {' '}
              · <Trans>verified</Trans> = {feed.verifiedFormula}
            </>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <EditForm
          fields={fields}
          editLabel={feed ? t`Change formula` : t`Follow the market`}
          current={() => formulaValues(feed)}
          save="setFormula"
          target={directionId}
          onSaved={onChanged}
        />
        {feed ? (
          <DecisionForm
            options={[{ value: 'manual', needsReason: false, label: t`Back to a manual rate` }]}
            send="removeFormula"
            target={directionId}
            onDecided={onChanged}
          />
        ) : null}
      </div>
    </div>
  );
}
