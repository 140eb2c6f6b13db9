// The account page's "send the activation e-mail again" (src/wiring/reactivation.ts), or a test's fakes:
// started by the visitor, retried on request.
import { flowContext } from './flowContext.tsx';
import { useRequestView } from './request.ts';
import { wiredReactivationMachine } from '../wiring/reactivation.ts';

const reactivationFlow = flowContext(wiredReactivationMachine);

export const ReactivationProvider = reactivationFlow.Provider;

export function useReactivation() {
  return useRequestView(reactivationFlow.useFlowActor({ autoStart: false }));
}
