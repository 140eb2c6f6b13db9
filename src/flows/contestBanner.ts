// The contest banner under the header (src/wiring/contestBanner.ts): it follows the contest of the page's public settings.
import type { ContestBannerEvent } from '../../machines/contestBanner.ts';
import { useLocale } from '../i18n/useLocale.ts';
import type { Locale } from '../i18n/locales.ts';
import { flowContext } from './flowContext.tsx';
import { settingsWatcher } from './settings.ts';
import { wiredContestBannerMachine } from '../wiring/contestBanner.ts';

const contestBannerFlow = flowContext(wiredContestBannerMachine, (page: () => { locale: Locale }) => ({
  actors: {
    watchContest: settingsWatcher<ContestBannerEvent>(
      () => page().locale,
      ({ contest, contestStatus }) => ({
        type: 'contest.loaded',
        active: contestStatus && Boolean(contest?.active),
        contestId: contest ? `${contest.startsAt}` : null,
      }),
    ),
  },
}));

export function useContestBanner() {
  return contestBannerFlow.useFlowActor(undefined, { locale: useLocale() });
}
