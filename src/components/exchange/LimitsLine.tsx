// The minimum and maximum of one side ("min 0,00050000 BTC · max 0,17000000 BTC"), and the reserve on the receive
// side, written with the currency's decimals as its amount field writes them.
import { Trans } from '@lingui/react/macro';
import { formatAmount, type Decimal } from '../../domain/money.ts';

export function LimitsLine({
  min,
  max,
  reserve,
  unit,
  decimals,
  locale,
}: {
  min: Decimal | null;
  max: Decimal | null;
  reserve?: Decimal | null;
  unit: string;
  /** The currency's decimals (the side's roundCalculator). */
  decimals: number;
  locale: string;
}) {
  const show = (value: Decimal) => `${formatAmount(value, locale, decimals)} ${unit}`;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {min !== null && (
        <div className="flex gap-1">
          <dt>
            <Trans>min</Trans>
          </dt>
          <dd className="font-semibold text-slate-800 tabular-nums">{show(min)}</dd>
        </div>
      )}
      {max !== null && (
        <div className="flex gap-1">
          <dt>
            <Trans>max</Trans>
          </dt>
          <dd className="font-semibold text-slate-800 tabular-nums">{show(max)}</dd>
        </div>
      )}
      {reserve != null && (
        <div className="flex gap-1">
          <dt>
            <Trans>reserve</Trans>
          </dt>
          <dd className="font-semibold text-slate-800 tabular-nums">{show(reserve)}</dd>
        </div>
      )}
    </dl>
  );
}
