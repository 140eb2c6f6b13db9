// The rate monitors' page flow bound to the calculator's directions call: the table of currency codes.
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../machines/resourceLoad.ts';
import { fetchDirections } from '../../api/calculator.ts';
import { withErrorBody } from '../../api/errors.ts';

export const wiredCurrencyCodesMachine = resourceLoadMachine.provide({
  actors: {
    fetchResource: fromPromise<unknown, ResourceParams>(() =>
      withErrorBody(async () => (await fetchDirections()).currencies),
    ),
  },
});
