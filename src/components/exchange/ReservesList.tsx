// Below the form: how much of each currency the exchanger can pay out right now.
import { Trans } from '@lingui/react/macro';
import type { Reserve } from '../../api/schemas/calculator.ts';
import { formatAmount } from '../../domain/money.ts';
import { CurrencyIcon } from './CurrencyIcon.tsx';

export function ReservesList({ reserves, locale }: { reserves: Reserve[]; locale: string }) {
  if (reserves.length === 0) return null;
  return (
    <section aria-labelledby="reserves-title" className="mt-10">
      <h2 id="reserves-title" className="text-xl font-bold text-navy-900">
        <Trans>Our reserves</Trans>
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {reserves.map((reserve) => (
          <li key={reserve.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
            <CurrencyIcon icon={reserve.currency.icon} />
            {/* The name wraps rather than losing its end (the city of a cash reserve) on a phone. */}
            <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-800">{reserve.currency.name}</span>
            <span className="shrink-0 text-right text-sm font-semibold text-navy-900 tabular-nums">
              {formatAmount(reserve.amount, locale)} {reserve.currency.unit}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
