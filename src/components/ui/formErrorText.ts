// The one translator of form errors (machines/formErrors.ts): every form's codes, the calculator's included, in
// the interface language; a server error is shown as the server wrote it (already localized).
import { useLingui } from '@lingui/react/macro';
import type { FormError } from '../../../machines/formErrors.ts';
import { MAX_IMAGE_BYTES } from '../../domain/imageFile.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordRuleCode } from '../../domain/passwordRules.ts';
import { useRequisiteProblemText } from './requisiteProblemText.ts';

/** What some codes name from the form itself. */
export interface ErrorWording {
  /** For below_min / above_max / above_reserve: the limit already formatted with its unit. */
  limit?: string;
  /** For 'invalid': what the field holds, e.g. the field's label. */
  field?: string;
  /** For network_error / unknown: the form sends a file, so the words say the file was not sent. */
  sendsFile?: boolean;
}

export function useFormErrorText(): (error: FormError | undefined, wording?: ErrorWording) => string | undefined {
  const { t } = useLingui();
  const requisiteText = useRequisiteProblemText();
  // The image size limit in whole megabytes, for the file_too_large wording.
  const megabytes = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  // What each broken password rule asks for, as the server says it (server/accounts/passwordRules.ts).
  const passwordFix: Record<PasswordRuleCode, string> = {
    length: t`make it ${min} to ${max} characters long`,
    letter: t`add a letter`,
    digit: t`add a digit`,
  };
  return (error, wording = {}) => {
    if (!error) return undefined;
    const limit = wording.limit ?? '';
    switch (error.code) {
      case 'server':
        return error.message;
      case 'requisite':
        return requisiteText(error.problem, error.check, error.value);
      case 'required':
        return t`This field is required.`;
      case 'invalid':
        return wording.field ? t`Check the value: ${wording.field}.` : t`Check the value of this field.`;
      case 'email_too_long':
        return t`An e-mail address has at most 254 characters.`;
      case 'email_spaces':
        return t`An e-mail address has no spaces: remove them.`;
      case 'email_at':
        return t`An e-mail address has one @ between the name and the domain, as in name@example.com.`;
      case 'email_local_part':
        return t`Put the mailbox name before the @ (1 to 64 characters), as in name@example.com.`;
      case 'email_domain':
        return t`After the @ comes a domain with a dot, such as example.com: check it for a typo.`;
      case 'password_rules': {
        const fixes = error.broken.map((code) => passwordFix[code]).join(', ');
        return t`The password does not meet the rules: ${fixes}.`;
      }
      case 'mismatch':
        return t`The passwords do not match.`;
      case 'agreement_required':
        return t`Please accept the exchange rules.`;
      case 'rules_and_aml_required':
        return t`Please accept the exchange rules and the AML/KYC policy.`;
      case 'password_same_as_current':
        return t`The new password must differ from the current one.`;
      case 'card_characters':
        return t`A card number consists of digits only.`;
      case 'card_length':
        return t`A card number has 16 to 19 digits.`;
      case 'card_checksum':
        return t`The card number fails its check digit: look for a typo.`;
      case 'amount_not_number':
        return t`Enter a number, such as 1500 or 0.25.`;
      case 'amount_decimals': {
        if (error.decimals === 0) return t`Whole amounts only: this currency has no decimal part.`;
        const decimals = error.decimals;
        return t`At most ${decimals} digits after the decimal mark.`;
      }
      case 'amount_invalid':
        return t`Enter an amount greater than zero.`;
      case 'amount_above_balance':
        return t`The amount is more than your balance.`;
      case 'amount_below_minimum':
        return t`The amount is below the minimum withdrawal.`;
      case 'requisites_required':
        return t`Enter where to send the money.`;
      case 'below_min':
        return t`The minimum amount is ${limit}.`;
      case 'above_max':
        return t`The maximum amount is ${limit}.`;
      case 'above_reserve':
        return t`The amount exceeds our reserve of ${limit}.`;
      case 'file_type':
        return t`This file is not a JPEG, PNG or WebP image.`;
      case 'file_too_large':
        return t`The file is larger than ${megabytes} MB.`;
      case 'file_empty':
        return t`The file is empty.`;
      case 'verification_not_found':
        return t`This verification was not found.`;
      case 'network_error':
        if (wording.sendsFile) return t`The file was not sent: no connection. Try again.`;
        return t`No connection to the server. Check your internet connection and try again.`;
      case 'unknown':
        if (wording.sendsFile) return t`The file was not sent. Try again.`;
        return t`Something went wrong. Please try again.`;
    }
  };
}
