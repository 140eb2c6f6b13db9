// Words for the calculator's amount notes: why the give amount is not what the person typed.
import { useLingui } from '@lingui/react/macro';
import type { AmountNote } from '../../../machines/calculatorRules.ts';
import { formatAmount } from '../../domain/money.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';

export function useAmountNoteText(): (note: AmountNote | null, unit: string | undefined) => string | null {
  const { t } = useLingui();
  const tag = LOCALE_TAGS[useLocale()];
  return (note, unit) => {
    if (!note) return null;
    const amount = `${formatAmount(note.amount, tag)} ${unit ?? ''}`.trim();
    switch (note.code) {
      case 'raised_to_min':
        return t`Raised to the minimum ${amount}.`;
      case 'lowered_to_max':
        return t`Lowered to the maximum ${amount}.`;
      case 'pair_minimum':
        return t`Set to the minimum of the new pair, ${amount}.`;
    }
  };
}
