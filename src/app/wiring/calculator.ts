// The calculator machine bound to the real calculator and claim calls.
import { fromPromise } from 'xstate';
import { calculatorMachine } from '../../../machines/calculator.ts';
import { fetchCourse, fetchDirections, fetchPair, fetchReceiveOptions, fetchReserves, fetchSettings } from '../../api/calculator.ts';
import { createClaim } from '../../api/claim.ts';
import { withErrorBody } from '../../api/errors.ts';

export const wiredCalculatorMachine = calculatorMachine.provide({
  actors: {
    loadDirections: fromPromise(() => fetchDirections()),
    loadSettings: fromPromise(({ input }) => fetchSettings(input.curFrom, input.curTo)),
    loadReceiveOptions: fromPromise(({ input }) => fetchReceiveOptions(input.fromId)),
    loadPair: fromPromise(({ input }) => fetchPair(input.fromId, input.toId)),
    loadCourse: fromPromise(({ input }) => fetchCourse(input.fromId, input.toId)),
    loadReserves: fromPromise(() => fetchReserves()),
    // The machine maps the DRF error body onto the form's fields.
    createClaim: fromPromise(({ input }) => withErrorBody(() => createClaim(input))),
  },
  actions: {
    // SPEC §8: these failures are only logged; the form stays usable.
    logError: (_, { what, error }) => console.error(`calculator: loading ${what} failed`, error),
  },
});
