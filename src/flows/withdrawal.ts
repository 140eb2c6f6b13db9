// The referral withdrawal form: the machine bound to the API (src/wiring/withdrawal.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredWithdrawalMachine } from '../wiring/withdrawal.ts';

const withdrawalFlow = flowContext(wiredWithdrawalMachine);

export const WithdrawalProvider = withdrawalFlow.Provider;
export const useWithdrawalForm = withdrawalFlow.useFlowActor;
