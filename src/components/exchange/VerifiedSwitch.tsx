// The verified-rate switch (a button with the switch role, as Headless UI's Switch renders it, without its code on
// the home's first load) with a tooltip that says what the verified rate is. Only an account
// with a verified card may turn it on (the calculator chart's guard; the form disables the switch to match): a guest
// is told so up front and offered sign-in, a signed-in user without a verified card is told to verify one.
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../flows/session.tsx';
import { useLoginDialog } from '../../flows/loginDialog.tsx';
import { isShownInLocale } from '../../i18n/englishPages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LocalLink } from '../ui/LocalLink.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';

function Requirement() {
  const { status, user } = useSession();
  const locale = useLocale();
  const loginDialog = useLoginDialog();
  if (status === 'loading' || user?.verified) return null;
  const note = 'text-xs text-slate-600';
  const action = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600';
  if (status === 'anonymous') {
    return (
      <p className={note} data-testid="verified-rate-requirement">
        <Trans>
          Needs an account with a verified card.{' '}
          <button type="button" className={action} aria-haspopup="dialog" onClick={loginDialog.show}>
            Sign in
          </button>
        </Trans>
      </p>
    );
  }
  return (
    <p className={note} data-testid="verified-rate-requirement">
      {isShownInLocale('/account/cards', locale) ? (
        <Trans>
          Needs a verified card:{' '}
          <LocalLink to="/account/cards" className={action}>
            verify a card
          </LocalLink>
        </Trans>
      ) : (
        <Trans>Needs a verified card.</Trans>
      )}
    </p>
  );
}

export function VerifiedSwitch({ checked, onToggle, disabled }: { checked: boolean; onToggle: () => void; disabled?: boolean }) {
  const { t } = useLingui();
  const switchId = useId();
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <div className="flex items-center gap-2">
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={checked}
          disabled={disabled}
          onClick={onToggle}
          className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors aria-checked:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <span className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5" />
        </button>
        <label htmlFor={switchId} className="text-sm font-medium text-slate-800">
          <Trans>Verified rate</Trans>
        </label>
        <Tooltip
          content={t`A better course for clients who have verified their identity and card. A claim at this course is paid out after the check.`}
        >
          <button
            type="button"
            aria-label={t`What is the verified rate?`}
            className="inline-flex size-6 items-center justify-center rounded-full border border-slate-400 text-xs font-bold text-slate-700 hover:border-slate-600"
          >
            ?
          </button>
        </Tooltip>
      </div>
      <Requirement />
    </div>
  );
}
