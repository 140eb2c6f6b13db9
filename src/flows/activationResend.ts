// The page after sign-up's "send the activation e-mail again" to the address just registered
// (src/wiring/activationResend.ts), or a test's fakes: started by the visitor, retried on request.
import { flowContext } from './flowContext.tsx';
import { useRequestView } from './request.ts';
import { wiredActivationResendMachine } from '../wiring/activationResend.ts';

const activationResendFlow = flowContext(wiredActivationResendMachine);

export const ActivationResendProvider = activationResendFlow.Provider;

export function useActivationResend(email: string) {
  return useRequestView(activationResendFlow.useFlowActor({ autoStart: false, payload: { email } }));
}
