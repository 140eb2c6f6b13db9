// The calculator machine bound to the real calculator and claim calls. The call modules (and the zod schemas they
// parse with) are imported on the first call: the home hydrates from the server's snapshot without them.
import { fromCallback, fromPromise } from 'xstate';
import { calculatorMachine } from '../../machines/calculator.ts';
import type { CalculatorEvent } from '../../machines/calculatorRules.ts';
import { withErrorBody } from '../api/errors.ts';
import type { SessionActor } from './session.ts';

const calculatorCalls = () => import('../api/calculator.ts');

export const wiredCalculatorMachine = calculatorMachine.provide({
  actors: {
    loadDirections: fromPromise(async () => (await calculatorCalls()).fetchDirections()),
    loadSettings: fromPromise(async ({ input }) => (await calculatorCalls()).fetchSettings(input.curFrom, input.curTo)),
    loadReceiveOptions: fromPromise(async ({ input }) => (await calculatorCalls()).fetchReceiveOptions(input.fromId)),
    loadPair: fromPromise(async ({ input }) => (await calculatorCalls()).fetchPair(input.fromId, input.toId)),
    loadCourse: fromPromise(async ({ input }) => (await calculatorCalls()).fetchCourse(input.fromId, input.toId)),
    loadReserves: fromPromise(async () => (await calculatorCalls()).fetchReserves()),
    // Hash and base58/bech32 code the home hydrates without: imported when the visitor reaches an address field.
    loadAddressChecksums: fromPromise(async () => (await import('../domain/addressChecksums.ts')).CHECKSUM_VERIFIERS),
    // The machine maps the DRF error body onto the form's fields.
    createClaim: fromPromise(async ({ input }) => {
      const { createClaim } = await import('../api/claim.ts');
      return withErrorBody(() => createClaim(input));
    }),
  },
  actions: {
    // docs/product.md §8: these failures are only logged; the form stays usable.
    logError: (_, { what, error }) => console.error(`calculator: loading ${what} failed`, error),
  },
});

/**
 * The form's view of the visitor's account, from the session it sits under: whether the verified course may be used
 * (at once and on every change) and the signed-in user's e-mail (whenever a new one signs in).
 */
export function accountWatcher(session: () => SessionActor) {
  return fromCallback<CalculatorEvent>(({ sendBack }) => {
    let email: string | null = null;
    let verified: boolean | null = null;
    const follow = () => {
      const user = session().getSnapshot().context.user;
      const nextEmail = user?.email ?? null;
      if (nextEmail && nextEmail !== email) sendBack({ type: 'account.known', email: nextEmail });
      email = nextEmail;
      const nextVerified = user?.verified === true;
      if (nextVerified !== verified) sendBack({ type: 'verified.eligibility', allowed: nextVerified });
      verified = nextVerified;
    };
    follow();
    return session().subscribe(follow).unsubscribe;
  });
}
