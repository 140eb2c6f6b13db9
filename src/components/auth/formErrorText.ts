// Words for the form machines' error codes; a server error is shown as the server wrote it (already localized).
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
      case 'mismatch':
        return t`The passwords do not match.`;
      case 'agreement_required':
        return t`Please accept the exchange rules.`;
      case 'unknown':
        return t`Something went wrong. Please try again.`;
    }
  };
}
