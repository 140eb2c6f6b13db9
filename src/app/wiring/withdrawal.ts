// The referral withdrawal form machine bound to POST /api/v1/users/me/refferal/withdrawal/.
import { fromPromise } from 'xstate';
import { withdrawalMachine } from '../../../machines/withdrawal.ts';
import { withErrorBody } from '../../api/errors.ts';
import { createWithdrawal } from '../../api/referral.ts';

export const wiredWithdrawalMachine = withdrawalMachine.provide({
  actors: {
    submitWithdrawal: fromPromise(({ input }) => withErrorBody(() => createWithdrawal(input))),
  },
});
