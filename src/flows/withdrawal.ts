// The referral withdrawal form: the machine bound to the API (src/wiring/withdrawal.ts), or a test's fakes; it follows
// the page's balance and tells the page when a withdrawal was created.
import type { WithdrawalInput } from '../../machines/withdrawal.ts';
import { flowContext } from './flowContext.tsx';
import { balanceWatcher, wiredWithdrawalMachine, type ReferralBalanceActor } from '../wiring/withdrawal.ts';

export type { ReferralBalanceActor };

interface WithdrawalPage {
  balance: ReferralBalanceActor;
  /** The page's reload of what a new withdrawal changes (the balance and the lists). */
  onCreated: () => void;
}

const withdrawalFlow = flowContext(wiredWithdrawalMachine, (page: () => WithdrawalPage) => ({
  actors: { watchBalance: balanceWatcher(() => page().balance) },
  actions: { announceCreated: () => page().onCreated() },
}));

export const WithdrawalProvider = withdrawalFlow.Provider;

export function useWithdrawalForm(input: WithdrawalInput, page: WithdrawalPage) {
  return withdrawalFlow.useFlowActor(input, page);
}
