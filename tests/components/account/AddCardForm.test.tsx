// The "add a card" form of card verification: the number is grouped by four as typed, letters are refused with
// their rule, and the check digit is named on leaving the field (nothing is sent: no call is made here).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddCardForm } from '../../../src/components/account/AddCardForm.tsx';
import { renderWithI18n } from '../render.tsx';

const said = {
  en: {
    label: 'Card number',
    letters: 'A card number consists of digits only.',
    checksum: 'The card number fails its check digit: look for a typo.',
  },
  ru: {
    label: 'Номер карты',
    letters: 'Номер карты состоит только из цифр.',
    checksum: 'Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.',
  },
} as const;

describe('AddCardForm', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`groups the number by four, refuses letters and names a failing check digit on leaving the field (${locale})`, async () => {
      renderWithI18n(<AddCardForm />, { locale });
      const card = await screen.findByRole('textbox', { name: new RegExp(said[locale].label) });
      expect(card).toHaveAttribute('placeholder', '0000 0000 0000 0000');
      await userEvent.type(card, '42763800x');
      expect(card).toHaveValue('4276 3800');
      expect(card).toHaveAccessibleDescription(said[locale].letters);
      await userEvent.type(card, '12345678');
      expect(card).toHaveValue('4276 3800 1234 5678');
      expect(card).not.toHaveAttribute('aria-invalid', 'true');
      await userEvent.tab();
      expect(card).toHaveAccessibleDescription(said[locale].checksum);
    });
  }
});
