// A late payment accepted at the course of its moment: the client sees the new course and amount beside the old.
import { Trans } from '@lingui/react/macro';
import type { ClaimForm, ClaimRepricing } from '../../api/schemas/claim.ts';
import type { Currency } from '../../api/schemas/calculator.ts';
import { courseParts } from '../../components/exchange/CourseLine.tsx';
import { formatAmount } from '../../domain/money.ts';

/** Crypto amounts read well with 8 decimals, money with 2 (as on the rest of the claim page). */
function decimalsOf(currency: Currency): number {
  return currency.kind === 'crypto' ? 8 : 2;
}

export function RepricedNotice({ repricing, form, tag }: { repricing: ClaimRepricing; form: ClaimForm; tag: string }) {
  const from = { unit: form.from.currency.unit, decimals: decimalsOf(form.from.currency) };
  const to = { unit: form.to.currency.unit, decimals: decimalsOf(form.to.currency) };
  const course = (value: string) => {
    const parts = courseParts(value, from, to);
    return `1 ${parts.one} = ${formatAmount(parts.amount, tag)} ${parts.unit}`;
  };
  const oldCourse = course(repricing.oldCourse);
  const newCourse = course(repricing.newCourse);
  const oldAmount = `${formatAmount(repricing.oldToSumma, tag)} ${to.unit}`;
  const newAmount = `${formatAmount(repricing.newToSumma, tag)} ${to.unit}`;
  return (
    <div className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="claim-repricing">
      <p className="font-semibold">
        <Trans>Your payment arrived after the deadline, so the exchange was recalculated at the current rate.</Trans>
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt>
          <Trans>New rate</Trans>
        </dt>
        <dd className="font-semibold tabular-nums" data-testid="repriced-course">
          {newCourse} <span className="font-normal text-amber-800"><Trans>(was {oldCourse})</Trans></span>
        </dd>
        <dt>
          <Trans>You receive now</Trans>
        </dt>
        <dd className="font-semibold tabular-nums" data-testid="repriced-amount">
          {newAmount} <span className="font-normal text-amber-800"><Trans>(was {oldAmount})</Trans></span>
        </dd>
      </dl>
    </div>
  );
}
