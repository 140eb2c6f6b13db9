// Money arithmetic of src/domain/money.ts (decimal strings, never floats): browser and server both rely on it, so
// it is pinned down here.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  add,
  clamp,
  compare,
  formatAmount,
  giveFromReceive,
  giveMaximum,
  giveMinimum,
  isDecimal,
  isPositive,
  multiply,
  parseAmount,
  receiveFromGive,
  roundDown,
  roundUp,
  subtract,
  withPercent,
} from '../../src/domain/money.ts';

describe('parseAmount', () => {
  it('accepts what people type: a comma, spaces, non-breaking spaces', () => {
    expect(parseAmount('0,5')).toBe('0.5');
    expect(parseAmount('1 000,50')).toBe('1000.5');
    expect(parseAmount('12\u00a0345.678')).toBe('12345.678');
    expect(parseAmount('0.00000001')).toBe('0.00000001');
  });

  it('refuses what is not a plain non-negative decimal', () => {
    for (const text of ['', ' ', '-1', '1e5', '0x10', '1.2.3', '1,2,3', 'abc', '.5', '5.', 'Infinity', 'NaN']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('keeps every digit of long amounts (no binary float on the way)', () => {
    expect(parseAmount('123456789012345678.123456789012345678')).toBe('123456789012345678.123456789012345678');
    expect(isDecimal('0.1')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
  });
});

describe('receiveFromGive and giveFromReceive', () => {
  it('multiplies by the course and rounds half-up to the receive side (docs/product.md §4)', () => {
    expect(receiveFromGive('0.00056856', '8809600.8', 2)).toBe('5008.79');
    expect(receiveFromGive('0.1', '0.3', 8)).toBe('0.03000000');
    expect(receiveFromGive('1', '0.000000105', 8)).toBe('0.00000011');
    expect(receiveFromGive('1', '0.000000104', 8)).toBe('0.00000010');
  });

  // The seeded pairs BTC→Sberbank, USDT TRC20→Sberbank and Sberbank→BTC against an independent exact computation.
  const exactHalfUp = (give: string, course: string, decimals: number): string => {
    const scaled = (value: string) => {
      const [whole = '0', fraction = ''] = value.split('.');
      return { units: BigInt(whole + fraction), scale: fraction.length };
    };
    const a = scaled(give);
    const b = scaled(course);
    const product = a.units * b.units;
    const drop = a.scale + b.scale - decimals;
    const rounded =
      drop > 0 ? (product + 5n * 10n ** BigInt(drop - 1)) / 10n ** BigInt(drop) : product * 10n ** BigInt(-drop);
    const digits = rounded.toString().padStart(decimals + 1, '0');
    return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  };

  it.each([
    ['BTC → Sberbank', '8809600.8', 2],
    ['USDT TRC20 → Sberbank', '91.2912', 2],
    ['Sberbank → BTC', '0.00000010822511', 8],
  ] as const)('rounds %s exactly as decimal arithmetic does', (_pair, course, decimals) => {
    const amount = fc
      .tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
    fc.assert(
      fc.property(amount, (give) => {
        expect(receiveFromGive(give, course, decimals)).toBe(exactHalfUp(give, course, decimals));
      }),
      { numRuns: 500 },
    );
  });

  it('divides by the course and rounds the give amount up so it still buys the receive amount', () => {
    expect(giveFromReceive('100000', '8809600.8', 8)).toBe('0.01135126');
    expect(giveFromReceive('1', '3', 2)).toBe('0.34');
    expect(giveFromReceive('5', '0', 2)).toBe('0.00');
  });

  it('stays within half a unit of the exact product, and the give amount computed back buys the receive amount', () => {
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
    const course = fc
      .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 9_999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, '0')}`);
    fc.assert(
      fc.property(amount, course, fc.integer({ min: 0, max: 8 }), (give, rate, decimals) => {
        const receive = receiveFromGive(give, rate, decimals);
        const halfUnit = `0.${'0'.repeat(decimals)}5`;
        const distance = subtract(receive, multiply(give, rate)).replace('-', '');
        expect(compare(distance, halfUnit)).toBeLessThanOrEqual(0);
        const back = giveFromReceive(receive, rate, 8);
        // The give amount computed back buys at least the receive amount.
        expect(compare(receiveFromGive(back, rate, decimals), receive)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rounding', () => {
  it('rounds down and up to fixed decimals', () => {
    expect(roundDown('1.239', 2)).toBe('1.23');
    expect(roundUp('1.231', 2)).toBe('1.24');
    expect(roundDown('5', 2)).toBe('5.00');
    expect(roundUp('0.1', 0)).toBe('1');
  });
});

describe('clamp', () => {
  it('moves an amount into its limits; a missing bound does not constrain', () => {
    expect(clamp('0.0001', { min: '0.0005', max: '5' })).toBe('0.0005');
    expect(clamp('7', { min: '0.0005', max: '5' })).toBe('5');
    expect(clamp('1.50', { min: '0.0005', max: '5' })).toBe('1.5');
    expect(clamp('1000000', { min: null, max: null })).toBe('1000000');
    expect(clamp('0', { min: null, max: '5' })).toBe('0');
  });
});

describe('giveMinimum', () => {
  const give = { min: '0.0005', minVerification: '0.001', decimals: 8 };
  const receive = { min: '3000', minVerification: '6000' };

  it('takes the side minimum, or minVerification with the verified rate', () => {
    expect(giveMinimum(give, receive, '9000000', false)).toBe('0.0005');
    expect(giveMinimum(give, receive, '9000000', true)).toBe('0.001');
    expect(giveMinimum({ ...give, minVerification: null }, receive, '9000000', true)).toBe('0.0005');
  });

  it('derives a missing give minimum from the receive side and the course, rounded up', () => {
    const rub = { min: null, minVerification: null, decimals: 2 };
    expect(giveMinimum(rub, receive, '0.0000001', false)).toBe('30000000000.00');
    expect(giveMinimum({ ...give, min: null, minVerification: null }, receive, '9000000', false)).toBe('0.00033334');
    expect(giveMinimum({ ...give, min: null, minVerification: null }, receive, '9000000', true)).toBe('0.00066667');
    expect(giveMinimum({ ...give, min: null }, { min: null, minVerification: null }, '9000000', false)).toBeNull();
  });
});

describe('giveMaximum', () => {
  it('takes the smaller of the side maximum and the receive maximum converted back (rounded down)', () => {
    expect(giveMaximum({ max: '5', decimals: 8 }, { max: '1500000' }, '8809600.8')).toBe('0.17026878');
    expect(giveMaximum({ max: '0.1', decimals: 8 }, { max: '1500000' }, '8809600.8')).toBe('0.1');
    expect(giveMaximum({ max: null, decimals: 8 }, { max: null }, '8809600.8')).toBeNull();
    expect(giveMaximum({ max: '5', decimals: 8 }, { max: '100' }, '0')).toBe('5');
  });
});

describe('arithmetic helpers', () => {
  it('adds, subtracts, multiplies and compares decimal strings exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(subtract('1', '0.9')).toBe('0.1');
    expect(multiply('1.1', '1.1')).toBe('1.21');
    expect(compare('0.10', '0.1')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
  });

  it('applies a percentage to a course', () => {
    expect(withPercent('100', '0.5')).toBe('100.5');
    expect(withPercent('8809600.8', '1')).toBe('8897696.808');
  });
});

describe('formatAmount', () => {
  it('groups digits and uses the decimal mark of the language', () => {
    expect(formatAmount('8809600.8', 'ru-RU')).toBe('8\u00a0809\u00a0600,8');
    expect(formatAmount('8809600.8', 'en-US')).toBe('8,809,600.8');
    expect(formatAmount('0.00050000', 'en-US')).toBe('0.0005');
    expect(formatAmount('999', 'ru-RU')).toBe('999');
    expect(formatAmount('-1234.5', 'en-US')).toBe('-1,234.5');
  });

  it("pads the fraction to the currency's decimals and never cuts a digit", () => {
    expect(formatAmount('4404.8', 'ru-RU', 2)).toBe('4\u00a0404,80');
    expect(formatAmount('4404.8', 'en-US', 2)).toBe('4,404.80');
    expect(formatAmount('25000000', 'ru-RU', 2)).toBe('25\u00a0000\u00a0000,00');
    expect(formatAmount('0.0005', 'en-US', 8)).toBe('0.00050000');
    expect(formatAmount('0.123', 'en-US', 2)).toBe('0.123');
    expect(formatAmount('7', 'en-US', 0)).toBe('7');
  });
});
