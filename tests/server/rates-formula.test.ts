// The formula language: precedence and associativity as in arithmetic, exact decimal results (checked against
// rational arithmetic on BigInt, never floats), canonical text that parses back to the same value, and
// refusals that point at the exact position of the mistake.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  formatFormula,
  FormulaError,
  parseFormula,
  priceReferences,
  roundCourse,
} from '../../server/rates/formula.ts';
import { checkFormula } from '../../server/rates/operator.ts';
import { loadRatesConfig } from '../../server/rates/config.ts';

/** An exact fraction: the oracle the decimal evaluator is held to. */
interface Fraction {
  n: bigint;
  d: bigint;
}

const fraction = (text: string): Fraction => {
  const [whole, part = ''] = text.replace('-', '').split('.');
  const value = { n: BigInt(whole! + part), d: 10n ** BigInt(part.length) };
  return text.startsWith('-') ? { n: -value.n, d: value.d } : value;
};
const plus = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const minus = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const times = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const equal = (a: Fraction, b: Fraction) => a.n * b.d === b.n * a.d;

const noPrices = () => undefined;
const value = (text: string) => evaluateFormula(parseFormula(text), noPrices);

/** Decimal literals as an operator types them: 0, 12, 0.5, 97432.15, 0.00005556. */
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 8 }))
  .map(([digits, places]) => {
    const text = digits.toString().padStart(places + 1, '0');
    return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  });

type Tree = { text: string; exact: Fraction };

/** Random expressions over + - * and parentheses, each with its exact value. */
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((self) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    decimal.map((text) => ({ text, exact: fraction(text) })),
    fc.tuple(self('node'), fc.constantFrom('+', '-', '*'), self('node')).map(([left, operator, right]) => ({
      text: `(${left.text} ${operator} ${right.text})`,
      exact:
        operator === '+'
          ? plus(left.exact, right.exact)
          : operator === '-'
            ? minus(left.exact, right.exact)
            : times(left.exact, right.exact),
    })),
  ),
})).node;

describe('precedence and associativity', () => {
  it('* and / bind tighter than + and -', () => {
    fc.assert(
      fc.property(decimal, decimal, decimal, (a, b, c) => {
        expect(equal(fraction(value(`${a} + ${b} * ${c}`)), plus(fraction(a), times(fraction(b), fraction(c))))).toBe(
          true,
        );
        expect(equal(fraction(value(`${a} * ${b} - ${c}`)), minus(times(fraction(a), fraction(b)), fraction(c)))).toBe(
          true,
        );
        expect(equal(fraction(value(`(${a} + ${b}) * ${c}`)), times(plus(fraction(a), fraction(b)), fraction(c)))).toBe(
          true,
        );
      }),
    );
  });

  it('- and / group from the left; unary minus applies to its operand', () => {
    fc.assert(
      fc.property(decimal, decimal, decimal, (a, b, c) => {
        expect(equal(fraction(value(`${a} - ${b} - ${c}`)), minus(minus(fraction(a), fraction(b)), fraction(c)))).toBe(
          true,
        );
        expect(equal(fraction(value(`-${a} + ${b}`)), minus(fraction(b), fraction(a)))).toBe(true);
      }),
    );
    expect(value('8 / 4 / 2')).toBe('1');
    expect(value('8 / (4 / 2)')).toBe('4');
    expect(value('2 * -3')).toBe('-6');
  });
});

describe('exact decimals', () => {
  it('every + - * expression equals its exact rational value', () => {
    fc.assert(fc.property(tree, ({ text, exact }) => equal(fraction(value(text)), exact)));
  });

  it('has none of the binary float artefacts', () => {
    expect(value('0.1 + 0.2')).toBe('0.3');
    expect(value('1.005 * 1000')).toBe('1005');
    expect(value('97432.15 * 100.6798 * 0.985')).toBe('9662307.63493645');
  });

  it('a product divided by one factor gives the other back exactly', () => {
    fc.assert(
      fc.property(
        decimal,
        decimal.filter((text) => /[1-9]/.test(text)),
        (a, b) => {
          expect(equal(fraction(value(`${a} * ${b} / ${b}`)), fraction(a))).toBe(true);
        },
      ),
    );
  });

  it('the canonical text parses back to the same value', () => {
    fc.assert(
      fc.property(tree, ({ text }) => {
        const canonical = formatFormula(parseFormula(text));
        expect(value(canonical)).toBe(value(text));
        expect(formatFormula(parseFormula(canonical))).toBe(canonical);
      }),
    );
  });

  it('rounds a course down: to the decimals asked, else to 12 significant digits', () => {
    expect(roundCourse('9662307.63493645', 2)).toBe('9662307.63');
    expect(roundCourse('9662307.63493645', null)).toBe('9662307.63493');
    expect(roundCourse('0.000000103492876543219', null)).toBe('0.000000103492876543');
    expect(roundCourse('5', 4)).toBe('5');
  });
});

describe('prices', () => {
  it('reads source:SYMBOL prices, source in lower case and symbol in upper case', () => {
    const tree = parseFormula('Binance:btcusdt * cbr:USD * 0.985');
    expect(priceReferences(tree)).toEqual([
      { source: 'binance', symbol: 'BTCUSDT', position: 0 },
      { source: 'cbr', symbol: 'USD', position: 18 },
    ]);
    const prices: Record<string, string> = { 'binance:BTCUSDT': '97432.15', 'cbr:USD': '100.6798' };
    expect(evaluateFormula(tree, (source, symbol) => prices[`${source}:${symbol}`])).toBe('9662307.63493645');
    expect(formatFormula(tree)).toBe('binance:BTCUSDT * cbr:USD * 0.985');
  });
});

describe('refusals point at the mistake', () => {
  const refusal = (text: string, lookup: (source: string, symbol: string) => string | undefined = () => '1') => {
    try {
      evaluateFormula(parseFormula(text), lookup);
    } catch (error) {
      if (error instanceof FormulaError) return [error.code, error.position];
      throw error;
    }
    return null;
  };

  it.each([
    ['', 'empty', 0],
    ['   ', 'empty', 0],
    ['1 +', 'expected_operand', 3],
    ['* 2', 'expected_operand', 0],
    ['2 3', 'expected_operator', 2],
    ['(1 + 2', 'unclosed_parenthesis', 0],
    ['1 + 2)', 'expected_operator', 5],
    ['1 + ()', 'expected_operand', 5],
    ['2 ^ 3', 'unexpected_character', 2],
    ['1,5 * 2', 'bad_number', 1],
    ['1.2.3', 'bad_number', 3],
    ['1e5', 'bad_number', 1],
    ['.5', 'bad_number', 0],
    ['binance * 2', 'bad_reference', 7],
    ['binance: * 2', 'bad_reference', 8],
    ['eval("1")', 'bad_reference', 4],
    ['binance:BTCUSDT / (cbr:USD - cbr:USD)', 'division_by_zero', 16],
    ['10 / 0', 'division_by_zero', 3],
  ])('"%s" → %s at %i', (text, code, position) => {
    expect(refusal(text)).toEqual([code, position]);
  });

  it('a price the lookup lacks is an unknown symbol at its position', () => {
    expect(refusal('2 * binance:NOPE', () => undefined)).toEqual(['unknown_symbol', 4]);
  });

  it('an unknown source or a symbol the source never writes is refused when set', () => {
    const config = loadRatesConfig({});
    const checked = (text: string) => {
      try {
        checkFormula(text, config);
        return null;
      } catch (error) {
        return error instanceof FormulaError ? [error.code, error.position] : error;
      }
    };
    expect(checked('kraken:XBTUSD * 2')).toEqual(['unknown_source', 0]);
    expect(checked('2 * cbr:DOLLAR')).toEqual(['unknown_symbol', 4]);
    expect(checked('binance:BTCUSDT * cbr:USD')).toBeNull();
  });

  it('explains with the position and a caret under it', () => {
    const error = new FormulaError('division_by_zero', 3, 'division by zero', '10 / 0');
    expect(error.explain()).toBe('division by zero at position 4\n  10 / 0\n     ^');
  });

  it('never evaluates anything but arithmetic, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          const result = evaluateFormula(parseFormula(text), () => '1');
          expect(result).toMatch(/^-?\d+(\.\d+)?$/);
        } catch (error) {
          expect(error).toBeInstanceOf(FormulaError);
        }
      }),
    );
  });
});
