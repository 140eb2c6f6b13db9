// Invitation to the contest, under the header while a contest is active and until the visitor closes it.
import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contestBannerMachine } from '../../../machines/contestBanner.ts';
import { readContestDismissal, rememberContestDismissal } from '../../app/contestDismissal.ts';
import { useSettings } from '../../app/settings.ts';
import { isShownInLocale } from '../../i18n/englishPages.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { CloseButton } from '../ui/CloseButton.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { LocalLink } from '../ui/LocalLink.tsx';
import { inspect } from '../../app/inspector.ts';

const appContestBanner = contestBannerMachine.provide({
  actors: {
    readDismissal: fromPromise(({ input }: { input: { contestId: string } }) => readContestDismissal(input.contestId)),
  },
  actions: { rememberDismissal: (_, { contestId }) => rememberContestDismissal(contestId) },
});

export function ContestBanner() {
  const { t } = useLingui();
  const locale = useLocale();
  const settings = useSettings();
  const banner = useActorRef(appContestBanner, { inspect });
  const visible = useSelector(banner, (s) => s.hasTag('visible'));
  // Until the machine has heard the settings and read the visitor's dismissal (after hydration), the banner
  // stands as the server rendered it: shown while a contest runs, so the page below does not move.
  const undecided = useSelector(banner, (s) => s.matches('idle') || s.matches('checking'));
  const contestRuns = Boolean(settings?.contestStatus && settings.contest?.active);

  useEffect(() => {
    if (!settings) return;
    const contest = settings.contest;
    banner.send({
      type: 'contest.loaded',
      active: settings.contestStatus && Boolean(contest?.active),
      contestId: contest ? `${contest.startsAt}` : null,
    });
  }, [banner, settings]);

  if (!(visible || (undecided && contestRuns)) || !isShownInLocale('/concurs', locale)) return null;
  return (
    <div className="bg-linear-to-r from-brand-700 to-brand-600 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1.5 text-xs sm:py-2 sm:text-sm sm:px-6">
        <LineIcon className="size-5 shrink-0" strokeWidth={1.8}>
          <path d="M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4l.5 3h-5z" />
        </LineIcon>
        <p className="flex-1">
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
          className="size-9 rounded-md hover:bg-white/15"
        />
      </div>
    </div>
  );
}
