// The claim page's rate receipt: how the course was formed (operator, or a formula over market prices read at a
// moment), until when it is fixed and the confirmations a coin payment needs, in both languages.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RateReceipt as Receipt } from '../../../../src/api/schemas/claim.ts';
import { RateReceipt } from '../../../../src/pages/claim/RateReceipt.tsx';
import { renderWithI18n } from '../../render.tsx';

const FORMULA: Receipt = {
  course: '7990.5',
  source: 'formula',
  formula: 'binance:LTCUSDT * cbr:USD * 0.98',
  quotes: [
    { symbol: 'binance:LTCUSDT', price: '85.1' },
    { symbol: 'cbr:USD', price: '97.98' },
  ],
  quotedAt: '2026-11-26T10:00:00Z',
  promoPercent: null,
  fixedUntil: '2026-11-26T10:30:00Z',
  confirmations: 6,
};

describe('RateReceipt', () => {
  it('shows the formula, the prices and their moment, the fixing and the confirmations', () => {
    renderWithI18n(<RateReceipt receipt={FORMULA} locale="en" />, { locale: 'en', path: '/en/claim/x' });
    const receipt = screen.getByTestId('rate-receipt');
    expect(receipt).toHaveTextContent('How this rate was formed');
    expect(receipt).toHaveTextContent('Computed from market prices by the formula binance:LTCUSDT * cbr:USD * 0.98.');
    expect(receipt).toHaveTextContent('binance:LTCUSDT = 85.1');
    expect(receipt).toHaveTextContent('cbr:USD = 97.98');
    expect(receipt).toHaveTextContent(/Prices read at .+\./);
    expect(receipt).toHaveTextContent(/Fixed until .+: a payment made by then is exchanged at this rate\./);
    expect(receipt).toHaveTextContent('The payment counts once it has 6 network confirmations.');
  });

  it('says in Russian that the operator set a typed course, with no confirmations for a card payment', () => {
    const typed: Receipt = {
      ...FORMULA,
      source: 'operator',
      formula: null,
      quotes: [],
      quotedAt: null,
      confirmations: null,
    };
    renderWithI18n(<RateReceipt receipt={typed} locale="ru" />, { locale: 'ru', path: '/claim/x' });
    const receipt = screen.getByTestId('rate-receipt');
    expect(receipt).toHaveTextContent('Установлен оператором.');
    expect(receipt).not.toHaveTextContent('подтверждений');
    expect(receipt).not.toHaveTextContent('binance');
  });
});
