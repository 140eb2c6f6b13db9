// The exchange form's flow: the calculator bound to the API (src/wiring/calculator.ts), or a test's fakes; it follows
// the session the form sits under and opens the created claim's page through the form's router.
import { useLocation } from 'wouter';
import { useLocalizedPath } from '../i18n/useLocalizedPath.ts';
import { accountWatcher, wiredCalculatorMachine } from '../wiring/calculator.ts';
import type { CalculatorInput } from '../../machines/calculatorRules.ts';
import { flowContext } from './flowContext.tsx';
import { useSessionActor, type SessionActor } from './session.tsx';

interface CalculatorPage {
  session: SessionActor;
  openClaim: (uuid: string) => void;
}

const calculatorFlow = flowContext(wiredCalculatorMachine, (page: () => CalculatorPage) => ({
  actors: { watchAccount: accountWatcher(() => page().session) },
  actions: { openClaim: (_, { uuid }) => page().openClaim(uuid) },
}));

export const CalculatorProvider = calculatorFlow.Provider;

export function useCalculator(input: CalculatorInput) {
  const [, navigate] = useLocation();
  const localize = useLocalizedPath();
  const session = useSessionActor();
  return calculatorFlow.useFlow(input, { session, openClaim: (uuid) => navigate(localize(`/claim/${uuid}`)) });
}
