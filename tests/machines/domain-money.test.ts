// The shared business rules of src/domain: money arithmetic (decimal strings, never floats), the claim status
// table and the requisite checks. Browser and server both rely on them, so they are pinned down here.
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
import {
  awaitsPayment,
  canMove,
  CLAIM_STATUSES,
  isClaimStatus,
  isFinal,
  nextStatuses,
} from '../../src/domain/claimStatus.ts';
import { luhnValid, normalizeRequisite, requisiteProblem, requisiteValid } from '../../src/domain/requisites.ts';

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
  it('multiplies by the course and rounds half-up to the receive side (SPEC §4)', () => {
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
});

describe('claim statuses', () => {
  it('lets the client pay or cancel only while the claim awaits payment', () => {
    expect(canMove('awaiting_payment', 'paid', 'client')).toBe(true);
    expect(canMove('awaiting_payment', 'canceled', 'client')).toBe(true);
    expect(canMove('new', 'canceled', 'client')).toBe(true);
    expect(canMove('new', 'paid', 'client')).toBe(false);
    expect(canMove('paid', 'canceled', 'client')).toBe(false);
    expect(nextStatuses('awaiting_payment', 'client')).toEqual(['paid', 'canceled']);
  });

  it('lets the operator take a paid claim through processing to completed, and expire an unpaid one', () => {
    expect(nextStatuses('paid', 'operator')).toEqual([
      'processing',
      'rejected',
      'needs_verification',
      'on_hold',
      'returned',
      'payment_error',
    ]);
    expect(canMove('processing', 'completed', 'operator')).toBe(true);
    expect(canMove('needs_verification', 'processing', 'operator')).toBe(true);
    expect(canMove('awaiting_payment', 'expired', 'system')).toBe(true);
    expect(canMove('awaiting_payment', 'completed', 'operator')).toBe(false);
  });

  it('has final statuses with no way out, and knows which statuses await payment', () => {
    expect(CLAIM_STATUSES.filter(isFinal)).toEqual(['completed', 'canceled', 'rejected', 'returned']);
    for (const status of CLAIM_STATUSES.filter(isFinal)) {
      for (const actor of ['client', 'operator', 'system'] as const) expect(nextStatuses(status, actor)).toEqual([]);
    }
    expect(CLAIM_STATUSES.filter(awaitsPayment)).toEqual(['new', 'awaiting_payment']);
    expect(isClaimStatus('paid')).toBe(true);
    expect(isClaimStatus('lost')).toBe(false);
  });
});

describe('requisites', () => {
  it('checks card numbers with Luhn after removing spaces and dashes', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111-1111')).toBe(false);
    expect(requisiteValid('card', '4111 1111 1111 1111')).toBe(true);
    expect(requisiteValid('card', '4111-1111-1111-1111')).toBe(true);
    expect(requisiteValid('card', '4111 1111 1111 1112')).toBe(false);
    expect(requisiteValid('card', '4242')).toBe(false);
    expect(normalizeRequisite('card', ' 4111 1111-1111 1111 ')).toBe('4111111111111111');
  });

  it('checks wallet addresses, phones and names by their patterns', () => {
    expect(requisiteValid('btc', 'bc1q9h7garjqk2rz6qv0dcs9wzgaq3tqg2v7kqn8xm')).toBe(true);
    expect(requisiteValid('btc', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe(false);
    expect(requisiteValid('eth', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe(true);
    expect(requisiteValid('trc20', 'TXj5rRjRsmTLDuWvdpQ5fZJUqmH4ffxgXN')).toBe(true);
    expect(requisiteValid('ltc', 'ltc1qg82wcq9s5tq0j8f9ve8sxdkx2x6sxm0cdyw6mc')).toBe(true);
    expect(requisiteValid('ton', 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')).toBe(true);
    expect(requisiteValid('phone', '+7 (916) 555-41-07')).toBe(true);
    expect(requisiteValid('phone', '555-41-07')).toBe(false);
    expect(requisiteValid('yoomoney', '4100 1182 7463 5521')).toBe(true);
    expect(requisiteValid('name', 'Иван Петров')).toBe(true);
    expect(requisiteValid('name', '1van')).toBe(false);
    expect(requisiteValid('text', '')).toBe(false);
  });

  it('names the rule a value breaks', () => {
    expect(requisiteProblem('card', '4111 1111 1111 1111')).toBeNull();
    expect(requisiteProblem('card', '4111 1111 1111 111a')).toBe('card_characters');
    expect(requisiteProblem('card', '4111 1111 1111')).toBe('card_length');
    expect(requisiteProblem('card', '41111111111111111111')).toBe('card_length');
    expect(requisiteProblem('card', '4111 1111 1111 1112')).toBe('card_checksum');
    expect(requisiteProblem('btc', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe('address_network');
    expect(requisiteProblem('eth', 'bc1q9h7garjqk2rz6qv0dcs9wzgaq3tqg2v7kqn8xm')).toBe('address_network');
    expect(requisiteProblem('btc', 'bc1q9h7garjqk2rz6qv0dcs9wzgaq3tqg2v7kqn8x')).toBeNull();
    expect(requisiteProblem('btc', 'bc1 q9h7garjqk2rz6qv0dcs9wz')).toBe('address_characters');
    expect(requisiteProblem('btc', 'адрес')).toBe('address_characters');
    expect(requisiteProblem('btc', 'xyz123')).toBe('address_format');
    expect(requisiteProblem('phone', '555-41-07')).toBe('phone_format');
    expect(requisiteProblem('yoomoney', '4200 1182 7463')).toBe('wallet_format');
    expect(requisiteProblem('name', 'И')).toBe('name_length');
    expect(requisiteProblem('name', '1van')).toBe('name_characters');
    expect(requisiteProblem('name', 'Ivan_Petrov')).toBe('name_characters');
    expect(requisiteProblem('text', 'x'.repeat(201))).toBe('text_length');
  });

  it('keeps free text to letters, digits, spaces and ordinary punctuation', () => {
    expect(requisiteProblem('text', 'Сбербанк (ПАО), отд. №1234 "Центральное" & Co.')).toBeNull();
    expect(requisiteProblem('text', 'Tinkoff Bank / T-Bank')).toBeNull();
    expect(requisiteProblem('text', '<img src=x onerror=alert(1)>')).toBe('text_characters');
    expect(requisiteProblem('text', 'bank\u0000name')).toBe('text_characters');
    expect(requisiteProblem('text', 'line\nbreak')).toBe('text_characters');
    expect(requisiteProblem('text', '{{7*7}}')).toBe('text_characters');
  });
});
