// Words for the form machines' error codes (machines/formErrors.ts), shared by every form; a server error is
// shown as the server wrote it (already localized).
import { useLingui } from '@lingui/react/macro';
import type { FormError } from '../../../machines/formErrors.ts';

export function useFormErrorText(): (error: FormError | undefined) => string | undefined {
  const { t } = useLingui();
  return (error) => {
    if (!error) return undefined;
    switch (error.code) {
      case 'server':
        return error.message;
      case 'required':
        return t`This field is required.`;
      case 'email_invalid':
        return t`Enter a valid e-mail address.`;
      case 'mismatch':
        return t`The passwords do not match.`;
      case 'agreement_required':
        return t`Please accept the exchange rules.`;
      case 'password_same_as_current':
        return t`The new password must differ from the current one.`;
      case 'card_characters':
        return t`A card number consists of digits only.`;
      case 'card_length':
        return t`A card number has 16 to 19 digits.`;
      case 'card_checksum':
        return t`The card number fails its check digit: look for a typo.`;
      case 'amount_invalid':
        return t`Enter an amount greater than zero.`;
      case 'amount_above_balance':
        return t`The amount is more than your balance.`;
      case 'amount_below_minimum':
        return t`The amount is below the minimum withdrawal.`;
      case 'requisites_required':
        return t`Enter where to send the money.`;
      case 'network_error':
        return t`No connection to the server. Check your internet connection and try again.`;
      case 'unknown':
        return t`Something went wrong. Please try again.`;
    }
  };
}
