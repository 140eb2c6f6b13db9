// The hourly check for a newer build (src/wiring/updateCheck.ts), or a test's fakes: it follows the pages the visitor
// moves to, so the next navigation after a new build reloads.
import { useLocation } from 'wouter';
import type { UpdateCheckEvent } from '../../machines/updateCheck.ts';
import { flowContext, type FlowPage } from './flowContext.tsx';
import { routeWatcher } from './route.ts';
import { runningBuild } from '../wiring/buildVersion.ts';
import { wiredUpdateCheckMachine } from '../wiring/updateCheck.ts';

const updateCheckFlow = flowContext(wiredUpdateCheckMachine, (page: FlowPage<{ path: string }>) => ({
  actors: { watchRoute: routeWatcher<UpdateCheckEvent>(page, (path) => ({ type: 'route.changed', path })) },
}));

export const UpdateCheckProvider = updateCheckFlow.Provider;

/** The check of the running build (none to compare in development), started on the page the visitor is on. */
export function useUpdateCheck() {
  const [path] = useLocation();
  return updateCheckFlow.useFlowActor({ running: runningBuild(), path }, { path });
}
