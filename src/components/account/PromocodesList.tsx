// The user's promo codes with percent, state and uses left.
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Promocode } from '../../api/schemas/user.ts';
import { usePromocodes } from '../../flows/referral.ts';
import { formatAmount } from '../../domain/money.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { formatDateTime } from './format.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { ListState } from '../lists/ListState.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export function PromocodesList() {
  const { t } = useLingui();
  const locale = useLocale();
  const loader = usePromocodes();
  const state = useSelector(loader, (s) => s);
  const codes = (state.context.data as Promocode[] | null) ?? [];

  if (codes.length === 0 || state.matches('failed')) {
    return (
      <ListState
        loading={state.hasTag('busy')}
        failed={state.matches('failed')}
        empty={codes.length === 0}
        onRetry={() => loader.send({ type: 'retry' })}
        emptyText={t`You have no promo codes yet.`}
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {codes.map((code) => (
        <li key={code.code} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
          <div className="flex items-center justify-between gap-2">
            <span className="font-mono text-lg font-bold tracking-wider text-navy-900">{code.code}</span>
            <StatusBadge status={code.state} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t`Bonus to the rate`}</dt>
            <dd className="font-semibold text-slate-900">{formatAmount(code.percent, LOCALE_TAGS[locale])}%</dd>
            <dt className="text-slate-600">{t`Uses left`}</dt>
            <dd className="font-semibold text-slate-900">{code.usesLeft}</dd>
            {code.expiresAt && (
              <>
                <dt className="text-slate-600">{t`Valid until`}</dt>
                <dd className="font-semibold text-slate-900">{formatDateTime(code.expiresAt, locale)}</dd>
              </>
            )}
          </dl>
          {code.state === 'active' && <CopyButton text={code.code} caption={t`Copy code`} className="self-start" />}
        </li>
      ))}
    </ul>
  );
}
