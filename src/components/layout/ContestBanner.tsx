// Invitation to the contest, under the header while a contest is active and until the visitor closes it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useContestBanner } from '../../flows/contestBanner.ts';
import { useSettings } from '../../flows/settings.ts';
import { isShownInLocale } from '../../i18n/englishPages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';

export function ContestBanner() {
  const { t } = useLingui();
  const locale = useLocale();
  const settings = useSettings();
  const banner = useContestBanner();
  const visible = useSelector(banner, (s) => s.hasTag('visible'));
  // Until the machine has heard the settings and read the visitor's dismissal (after hydration), the banner
  // stands as the server rendered it: shown while a contest runs, so the page below does not move.
  const undecided = useSelector(banner, (s) => s.matches('idle') || s.matches('checking'));
  const contestRuns = Boolean(settings?.contestStatus && settings.contest?.active);

  if (!(visible || (undecided && contestRuns)) || !isShownInLocale('/concurs', locale)) return null;
  return (
    <div className="bg-linear-to-r from-brand-700 to-brand-600 text-white">
      {/* One line on phones (a short invitation that is itself the link), the full sentence from tablets up. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-0.5 text-xs sm:gap-3 sm:py-2 sm:text-sm sm:px-6">
        <LineIcon className="size-4 shrink-0 sm:size-5" strokeWidth={1.8}>
          <path d="M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4l.5 3h-5z" />
        </LineIcon>
        <p className="min-w-0 flex-1 truncate sm:hidden">
          <LocalLink to="/concurs" className="font-semibold underline underline-offset-2">
            <Trans>Review contest: take part</Trans>
          </LocalLink>
        </p>
        <p className="hidden flex-1 sm:block">
          <Trans>
            Leave a review about our service and take part in the contest!{' '}
            <LocalLink to="/concurs" className="font-semibold underline underline-offset-2 hover:no-underline">
              Contest terms
            </LocalLink>
          </Trans>
        </p>
        <CloseButton
          label={t`Close the contest banner`}
          onClick={() => banner.send({ type: 'banner.dismiss' })}
          className="size-7 rounded-md hover:bg-white/15 sm:size-9"
        />
      </div>
    </div>
  );
}
