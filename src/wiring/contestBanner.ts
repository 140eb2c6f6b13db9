// The contest banner bound to where its dismissal is remembered (localStorage).
import { fromPromise } from 'xstate';
import { contestBannerMachine } from '../../machines/contestBanner.ts';
import { readContestDismissal, rememberContestDismissal } from './contestDismissal.ts';

export const wiredContestBannerMachine = contestBannerMachine.provide({
  actors: {
    readDismissal: fromPromise(({ input }: { input: { contestId: string } }) => readContestDismissal(input.contestId)),
  },
  actions: { rememberDismissal: (_, { contestId }) => rememberContestDismissal(contestId) },
});
