// The contest banner under the header (src/app/wiring/contestBanner.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredContestBannerMachine } from '../wiring/contestBanner.ts';

const contestBannerFlow = flowContext(wiredContestBannerMachine);

export const ContestBannerProvider = contestBannerFlow.Provider;
export const useContestBanner = contestBannerFlow.useFlowActor;
