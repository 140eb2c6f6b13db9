import { describe, expect, it } from 'vitest';
import { typeAmount, typedAmountValue } from '../../src/domain/amountTyping.ts';

describe('typeAmount', () => {
  it.each([
    ['1500', 8, '1500'],
    ['0,5', 2, '0,5'],
    ['0.00123456', 8, '0.00123456'],
    ['1 500,5', 2, '1500,5'],
    ['1\u00a0500,50', 2, '1500,50'],
    ['1,500.5', 2, '1500.5'],
    ['1.500,5', 2, '1500,5'],
    ['12,', 2, '12,'],
    [',5', 2, ',5'],
    ['', 2, ''],
  ])('keeps %j (decimals %i) as %j', (input, decimals, text) => {
    expect(typeAmount(input, decimals)).toEqual({ text, problem: null });
  });

  it.each([
    ['abc', 8],
    ['abc,1.2.3', 8],
    ['1.2.3', 8],
    ['1,2,3', 8],
    ['-5', 8],
    ['1e5', 8],
    ['1'.repeat(19), 8],
  ])('refuses %j as not a number', (input, decimals) => {
    expect(typeAmount(input, decimals)).toEqual({ text: null, problem: 'amount_not_number' });
  });

  it('refuses more decimals than the currency has, and any decimal mark for a whole-unit currency', () => {
    expect(typeAmount('0.123', 2)).toEqual({ text: null, problem: 'amount_decimals' });
    expect(typeAmount('0.123456789', 8)).toEqual({ text: null, problem: 'amount_decimals' });
    expect(typeAmount('10,', 0)).toEqual({ text: null, problem: 'amount_decimals' });
    expect(typeAmount('1'.repeat(18), 0)).toEqual({ text: '1'.repeat(18), problem: null });
  });
});

describe('typedAmountValue', () => {
  it('reads a kept text, a trailing or leading mark included', () => {
    expect(typedAmountValue('1500,5')).toBe('1500.5');
    expect(typedAmountValue('12,')).toBe('12');
    expect(typedAmountValue(',5')).toBe('0.5');
    expect(typedAmountValue('')).toBeNull();
    expect(typedAmountValue(',')).toBe('0');
  });
});
