// The status page's flow (src/wiring/status.ts), or a test's fakes.
import type { StatusResponse } from '../api/schemas/status.ts';
import { flowContext } from './flowContext.tsx';
import { useResourceView, type ResourceView } from './resourceLoad.ts';
import { wiredStatusMachine } from '../wiring/status.ts';

const statusFlow = flowContext(wiredStatusMachine);

export const StatusProvider = statusFlow.Provider;

/** Every listed direction's status, starting from what the server rendered, if anything. */
export function useDirectionStatus(preloaded: StatusResponse | null): ResourceView<StatusResponse> {
  return useResourceView<StatusResponse>(statusFlow.useFlowActor({ preloaded }));
}
