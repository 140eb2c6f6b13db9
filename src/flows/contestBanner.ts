// The contest banner under the header (src/wiring/contestBanner.ts).
import { flowContext } from './flowContext.tsx';
import { wiredContestBannerMachine } from '../wiring/contestBanner.ts';

const contestBannerFlow = flowContext(wiredContestBannerMachine);

export const useContestBanner = contestBannerFlow.useFlowActor;
