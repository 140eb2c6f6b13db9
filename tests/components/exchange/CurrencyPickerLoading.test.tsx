// The picker's list loads on the visitor's first reach (src/components/exchange/CurrencyPicker.tsx). Alone in its
// file, so the list's module is not yet loaded when the test types: what is typed meanwhile must not be lost.
import { expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Currency } from '../../../src/api/schemas/calculator.ts';
import { CurrencyPicker } from '../../../src/components/exchange/CurrencyPicker.tsx';
import { renderWithI18n } from '../render.tsx';

const CURRENCIES: Currency[] = [
  { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' },
  { id: 7, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sberbank' },
];

it('keeps letters typed while its list loads as the search, in the field that then holds the focus', async () => {
  renderWithI18n(
    <CurrencyPicker name="from" label="Currency you give" currencies={CURRENCIES} selectedId={1} onSelect={vi.fn()} />,
  );
  await userEvent.tab();
  expect(screen.getByRole('combobox', { name: 'Currency you give' })).toHaveAttribute('readonly');
  await userEvent.keyboard('sb');
  await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Sberbank']), {
    timeout: 10_000,
  });
  const input = screen.getByRole('combobox', { name: 'Currency you give' });
  expect(input).not.toHaveAttribute('readonly');
  expect(input).toHaveFocus();
  expect(input).toHaveValue('sb');
}, 15_000);
