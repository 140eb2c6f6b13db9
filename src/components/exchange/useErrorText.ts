// Words for the calculator's error codes; a server message is shown as it came (the API answers in the
// interface language).
import { useLingui } from '@lingui/react/macro';
import type { CalculatorError } from '../../../machines/calculatorRules.ts';
import { useRequisiteProblemText } from '../ui/requisiteProblemText.ts';

export interface ErrorWording {
  /** For below_min / above_max / above_reserve: the limit already formatted with its unit. */
  limit?: string;
  /** For 'invalid': what the field holds, e.g. the field's label. */
  field?: string;
}

export function useErrorText(): (error: CalculatorError | undefined, wording?: ErrorWording) => string | undefined {
  const { t } = useLingui();
  const requisiteText = useRequisiteProblemText();
  return (error, wording = {}) => {
    if (!error) return undefined;
    const limit = wording.limit ?? '';
    switch (error.code) {
      case 'server':
        return error.message;
      case 'requisite':
        return requisiteText(error.problem, error.check, error.value);
      case 'required':
        return t`Please fill in this field.`;
      case 'invalid':
        return wording.field ? t`Check the value: ${wording.field}.` : t`Check the value of this field.`;
      case 'agreement_required':
        return t`Please accept the exchange rules and the AML/KYC policy.`;
      case 'below_min':
        return t`The minimum amount is ${limit}.`;
      case 'above_max':
        return t`The maximum amount is ${limit}.`;
      case 'above_reserve':
        return t`The amount exceeds our reserve of ${limit}.`;
      case 'network_error':
        return t`No connection to the server. Check your connection and try again.`;
      case 'unknown':
        return t`Something went wrong. Please try again.`;
    }
  };
}
