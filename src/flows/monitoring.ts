// The currency codes of the rate monitors' page (src/wiring/monitoring.ts), or a test's fakes.
import type { Currency } from '../api/schemas/calculator.ts';
import { flowContext } from './flowContext.tsx';
import { useResourceView, type ResourceView } from './resourceLoad.ts';
import { wiredCurrencyCodesMachine } from '../wiring/monitoring.ts';

const currencyCodesFlow = flowContext(wiredCurrencyCodesMachine);

export const CurrencyCodesProvider = currencyCodesFlow.Provider;

/** Every currency the exchanger offers, with its code for the XML export, starting from what the server rendered, if anything. */
export function useCurrencyCodes(preloaded: Currency[] | null): ResourceView<Currency[]> {
  return useResourceView<Currency[]>(currencyCodesFlow.useFlowActor({ preloaded }));
}
