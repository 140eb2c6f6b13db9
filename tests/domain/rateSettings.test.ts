// A formula direction's operator settings (src/domain/rateSettings.ts), as the CLI and the console check them.
import { describe, expect, it } from 'vitest';
import { isMaxStepPercent, isRoundDecimals, MAX_FORMULA_TEXT } from '../../src/domain/rateSettings.ts';

describe('isRoundDecimals', () => {
  it('takes a whole number of places from 0 to 18', () => {
    for (const text of ['0', '2', '8', '09', '18']) expect(isRoundDecimals(text), text).toBe(true);
  });

  it('refuses more than 18 places, a sign, a fraction, a blank and stray text', () => {
    for (const text of ['19', '99', '100', '-1', '2.5', '', ' 2', '2 ', 'two', '2a']) expect(isRoundDecimals(text), text).toBe(false);
  });
});

describe('isMaxStepPercent', () => {
  it('takes a positive percent of up to three whole digits and four decimals', () => {
    for (const text of ['5', '2.5', '0.25', '0.0001', '100', '999.9999', '10']) expect(isMaxStepPercent(text), text).toBe(true);
  });

  it('refuses zero in any spelling', () => {
    for (const text of ['0', '0.0', '000.0000']) expect(isMaxStepPercent(text), text).toBe(false);
  });

  it('refuses four whole digits, five decimals, a bare point, a sign, a blank and stray text', () => {
    for (const text of ['1000', '1.00001', '1.', '.5', '-5', '+5', '', ' 5', '5 ', '5%', 'x1'])
      expect(isMaxStepPercent(text), text).toBe(false);
  });
});

describe('MAX_FORMULA_TEXT', () => {
  it('allows a formula of 500 characters', () => {
    expect(MAX_FORMULA_TEXT).toBe(500);
  });
});
