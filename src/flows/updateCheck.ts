// The hourly check for a newer build (src/wiring/updateCheck.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { runningBuild } from '../wiring/buildVersion.ts';
import { wiredUpdateCheckMachine } from '../wiring/updateCheck.ts';

const updateCheckFlow = flowContext(wiredUpdateCheckMachine);

export const UpdateCheckProvider = updateCheckFlow.Provider;

/** The check of the running build (none to compare in development), started on the page at `path`. */
export function useUpdateCheck(path: string) {
  return updateCheckFlow.useFlowActor({ running: runningBuild(), path });
}
