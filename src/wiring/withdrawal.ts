// The referral withdrawal form machine bound to POST /api/v1/users/me/refferal/withdrawal/.
import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../machines/withdrawal.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredWithdrawalMachine = withdrawalMachine.provide({
  actors: {
    submitWithdrawal: fromPromise(async ({ input }) => {
      // The call module (and its schemas) is imported on the first call.
      const { createWithdrawal } = await import('../api/referral.ts');
      return withErrorBody(() => createWithdrawal(input));
    }),
  },
});
