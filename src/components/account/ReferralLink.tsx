// The user's referral link with a copy button.
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CopyButton } from '../ui/CopyButton.tsx';

export function ReferralLink({ link }: { link: string }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t`Your referral link`}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
        <CopyButton text={link} caption={t`Copy link`} className="h-11 shrink-0" />
      </div>
    </div>
  );
}
