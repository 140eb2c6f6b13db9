// The claim page's flow: claim payment (with its receipt upload) bound to the claim calls
// (src/wiring/claimPayment.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredClaimPaymentMachine } from '../wiring/claimPayment.ts';

const claimPaymentFlow = flowContext(wiredClaimPaymentMachine);

export const ClaimPaymentProvider = claimPaymentFlow.Provider;
export const useClaimPayment = claimPaymentFlow.useFlow;
