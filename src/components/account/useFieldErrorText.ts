// Puts a form error into words: a server message is shown as it came (the API answers in the reader's language),
// a code from a machine is translated here.
import { useLingui } from '@lingui/react/macro';
import type { FieldError } from '../../../machines/serverFieldErrors.ts';

export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useLingui();
  return (error) => {
    if (!error) return undefined;
    if ('message' in error) return error.message;
    switch (error.code) {
      case 'required':
        return t`This field is required.`;
      case 'amount_invalid':
        return t`Enter an amount greater than zero.`;
      case 'amount_above_balance':
        return t`The amount is more than your balance.`;
      case 'amount_below_minimum':
        return t`The amount is below the minimum withdrawal.`;
      case 'requisites_required':
        return t`Enter where to send the money.`;
      case 'password_mismatch':
        return t`The passwords do not match.`;
      case 'password_same_as_current':
        return t`The new password must differ from the current one.`;
      case 'card_invalid':
        return t`Check the card number: it should have 16 to 19 digits.`;
      case 'network_error':
        return t`No connection to the server. Check your internet connection and try again.`;
      default:
        return t`Something went wrong. Please try again.`;
    }
  };
}
