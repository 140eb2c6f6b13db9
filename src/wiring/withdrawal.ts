// The referral withdrawal form machine bound to POST /api/v1/users/me/refferal/withdrawal/.
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { resourceLoadMachine } from '../../machines/resourceLoad.ts';
import { withdrawalMachine, type WithdrawalEvent } from '../../machines/withdrawal.ts';
import type { ReferralBalance } from '../api/schemas/user.ts';
import { withErrorBody } from '../api/errors.ts';

/** The page's referral balance as its loader holds it (null until loaded). */
export type ReferralBalanceActor = ActorRefFrom<typeof resourceLoadMachine>;

export const wiredWithdrawalMachine = withdrawalMachine.provide({
  actors: {
    submitWithdrawal: fromPromise(async ({ input }) => {
      // The call module (and its schemas) is imported on the first call.
      const { createWithdrawal } = await import('../api/referral.ts');
      return withErrorBody(() => createWithdrawal(input));
    }),
  },
});

/** The form's view of the page's balance: the loaded balance and minimum at once and after every reload. */
export function balanceWatcher(balance: () => ReferralBalanceActor) {
  return fromCallback<WithdrawalEvent>(({ sendBack }) => {
    let told: unknown = null;
    const follow = () => {
      const data = balance().getSnapshot().context.data as ReferralBalance | null;
      if (data === null || data === told) return;
      told = data;
      sendBack({ type: 'balance.updated', balance: data.balance, minWithdrawal: data.minWithdrawal });
    };
    follow();
    return balance().subscribe(follow).unsubscribe;
  });
}
