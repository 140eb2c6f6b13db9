// The exchange form's flow: the calculator bound to the API (src/wiring/calculator.ts), or a test's fakes.
import { flowContext } from './flowContext.tsx';
import { wiredCalculatorMachine } from '../wiring/calculator.ts';

const calculatorFlow = flowContext(wiredCalculatorMachine);

export const CalculatorProvider = calculatorFlow.Provider;
export const useCalculator = calculatorFlow.useFlow;
