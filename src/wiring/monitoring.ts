// The rate monitors' page flow bound to the calculator's directions call: the table of currency codes.
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../machines/resourceLoad.ts';
import { withErrorBody } from '../api/errors.ts';

export const wiredCurrencyCodesMachine = resourceLoadMachine.provide({
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(async () => {
      // The call module (and the zod schemas it parses with) is imported on the first call.
      const { fetchDirections } = await import('../api/calculator.ts');
      return withErrorBody(async () => (await fetchDirections()).currencies);
    }),
  },
});
