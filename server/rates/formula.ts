// The course formula language: decimal numbers, `source:SYMBOL` prices, + - * /, unary minus and parentheses,
// e.g. `binance:BTCUSDT * cbr:USD * 0.985`. Parsed by recursive descent into a tree (never eval) and computed
// in decimals (big.js), never in binary floats. Every refusal carries the 0-based position it points at.
import Big from 'big.js';
import { MAX_FORMULA_TEXT } from '../../src/domain/rateSettings.ts';

const Dec = Big();
Dec.DP = 30;
Dec.RM = Big.roundHalfUp;
Dec.strict = true;

export type FormulaErrorCode =
  | 'empty'
  | 'too_long'
  | 'unexpected_character'
  | 'bad_number'
  | 'bad_reference'
  | 'expected_operand'
  | 'expected_operator'
  | 'unclosed_parenthesis'
  | 'unknown_source'
  | 'unknown_symbol'
  | 'source_unavailable'
  | 'division_by_zero'
  | 'not_positive';

export class FormulaError extends Error {
  readonly code: FormulaErrorCode;
  /** 0-based index into the formula text. */
  readonly position: number;
  /** The formula the position points into, when the refusal concerns one of several. */
  readonly formula?: string;

  constructor(code: FormulaErrorCode, position: number, message: string, formula?: string) {
    super(message);
    this.code = code;
    this.position = position;
    this.formula = formula;
  }

  /** The same refusal, told which formula it is about. */
  about(formula: string): FormulaError {
    return new FormulaError(this.code, this.position, this.message, formula);
  }

  /** "message at position N" plus the formula with a caret under the spot, for the operator's terminal. */
  explain(formula: string | undefined = this.formula): string {
    const at = `${this.message} at position ${this.position + 1}`;
    return formula === undefined ? at : `${at}\n  ${formula}\n  ${' '.repeat(this.position)}^`;
  }
}

export type FormulaNode =
  | { kind: 'number'; value: string; position: number }
  | { kind: 'price'; source: string; symbol: string; position: number }
  | { kind: 'negate'; operand: FormulaNode; position: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode; position: number };

export interface PriceReference {
  source: string;
  symbol: string;
  position: number;
}

/** "source:SYMBOL", the key of a price in inputs and history. */
export function priceKey(reference: { source: string; symbol: string }): string {
  return `${reference.source}:${reference.symbol}`;
}

/** The console's form and the CLI share this limit. */
export const MAX_FORMULA_LENGTH = MAX_FORMULA_TEXT;

type Token =
  | { type: 'number'; text: string; position: number }
  | { type: 'price'; source: string; symbol: string; position: number }
  | { type: 'operator'; text: '+' | '-' | '*' | '/'; position: number }
  | { type: 'open' | 'close'; position: number }
  | { type: 'end'; position: number };

const NUMBER = /^\d+(\.\d+)?/;
const WORD = /^[A-Za-z][A-Za-z0-9_]*/;
const SYMBOL = /^[A-Za-z0-9_]+/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position);
    const char = rest[0]!;
    if (/\s/.test(char)) {
      position += 1;
    } else if (/\d/.test(char) || (char === '.' && /^\.\d/.test(rest))) {
      const match = NUMBER.exec(rest);
      if (!match) throw new FormulaError('bad_number', position, 'a number starts with a digit');
      const after = rest[match[0].length];
      if (after === '.' || after === ',' || (after !== undefined && /[A-Za-z_]/.test(after)))
        throw new FormulaError('bad_number', position + match[0].length, 'malformed number');
      tokens.push({ type: 'number', text: match[0], position });
      position += match[0].length;
    } else if (/[A-Za-z]/.test(char)) {
      const source = WORD.exec(rest)![0];
      const colon = position + source.length;
      if (text[colon] !== ':')
        throw new FormulaError(
          'bad_reference',
          colon,
          `a price is written source:SYMBOL (after "${source}" a ":" is missing)`,
        );
      const symbol = SYMBOL.exec(text.slice(colon + 1))?.[0];
      if (!symbol) throw new FormulaError('bad_reference', colon + 1, `a symbol is missing after "${source}:"`);
      tokens.push({ type: 'price', source: source.toLowerCase(), symbol: symbol.toUpperCase(), position });
      position = colon + 1 + symbol.length;
    } else if (char === '+' || char === '-' || char === '*' || char === '/') {
      tokens.push({ type: 'operator', text: char, position });
      position += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'open' : 'close', position });
      position += 1;
    } else {
      throw new FormulaError('unexpected_character', position, `unexpected character "${char}"`);
    }
  }
  tokens.push({ type: 'end', position: text.length });
  return tokens;
}

/** Parses a formula into its tree; throws FormulaError with the position of the first mistake. */
export function parseFormula(text: string): FormulaNode {
  if (text.length > MAX_FORMULA_LENGTH)
    throw new FormulaError('too_long', MAX_FORMULA_LENGTH, `a formula is at most ${MAX_FORMULA_LENGTH} characters`);
  const tokens = tokenize(text);
  if (tokens.length === 1) throw new FormulaError('empty', 0, 'the formula is empty');
  let index = 0;
  const peek = () => tokens[index]!;

  // expression := term (('+' | '-') term)*
  function expression(): FormulaNode {
    let node = term();
    for (let next = peek(); next.type === 'operator' && (next.text === '+' || next.text === '-'); next = peek()) {
      index += 1;
      node = { kind: 'binary', operator: next.text, left: node, right: term(), position: next.position };
    }
    return node;
  }

  // term := unary (('*' | '/') unary)*
  function term(): FormulaNode {
    let node = unary();
    for (let next = peek(); next.type === 'operator' && (next.text === '*' || next.text === '/'); next = peek()) {
      index += 1;
      node = { kind: 'binary', operator: next.text, left: node, right: unary(), position: next.position };
    }
    return node;
  }

  // unary := '-' unary | primary
  function unary(): FormulaNode {
    const next = peek();
    if (next.type === 'operator' && next.text === '-') {
      index += 1;
      return { kind: 'negate', operand: unary(), position: next.position };
    }
    return primary();
  }

  // primary := number | source:SYMBOL | '(' expression ')'
  function primary(): FormulaNode {
    const next = peek();
    index += 1;
    if (next.type === 'number') return { kind: 'number', value: new Dec(next.text).toFixed(), position: next.position };
    if (next.type === 'price')
      return { kind: 'price', source: next.source, symbol: next.symbol, position: next.position };
    if (next.type === 'open') {
      const inner = expression();
      if (peek().type !== 'close')
        throw new FormulaError('unclosed_parenthesis', next.position, 'this parenthesis is never closed');
      index += 1;
      return inner;
    }
    throw new FormulaError(
      'expected_operand',
      next.position,
      next.type === 'end'
        ? 'the formula ends where a number or a price is expected'
        : 'a number or a price is expected here',
    );
  }

  const tree = expression();
  const rest = peek();
  if (rest.type !== 'end')
    throw new FormulaError(
      'expected_operator',
      rest.position,
      rest.type === 'close' ? 'this parenthesis closes nothing' : 'an operator (+ - * /) is expected here',
    );
  return tree;
}

/** Every price a formula reads, in reading order (repeats included). */
export function priceReferences(node: FormulaNode): PriceReference[] {
  switch (node.kind) {
    case 'number':
      return [];
    case 'price':
      return [{ source: node.source, symbol: node.symbol, position: node.position }];
    case 'negate':
      return priceReferences(node.operand);
    case 'binary':
      return [...priceReferences(node.left), ...priceReferences(node.right)];
  }
}

/** A price by source and symbol, undefined when there is none. */
export type PriceLookup = (source: string, symbol: string) => string | undefined;

/** Computes a formula in decimals; a missing price or a division by zero is a FormulaError at its position. */
export function evaluateFormula(node: FormulaNode, price: PriceLookup): string {
  return compute(node, price).toFixed();
}

function compute(node: FormulaNode, price: PriceLookup): Big {
  switch (node.kind) {
    case 'number':
      return new Dec(node.value);
    case 'price': {
      const value = price(node.source, node.symbol);
      if (value === undefined)
        throw new FormulaError('unknown_symbol', node.position, `no price for ${priceKey(node)}`);
      return new Dec(value);
    }
    case 'negate':
      return compute(node.operand, price).neg();
    case 'binary': {
      const left = compute(node.left, price);
      const right = compute(node.right, price);
      if (node.operator === '+') return left.plus(right);
      if (node.operator === '-') return left.minus(right);
      if (node.operator === '*') return left.times(right);
      if (right.eq('0')) throw new FormulaError('division_by_zero', node.position, 'division by zero');
      return left.div(right);
    }
  }
}

/** The formula written back in a canonical form (single spaces, minimal parentheses): what the operator set. */
export function formatFormula(node: FormulaNode): string {
  return render(node, 0);
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

function render(node: FormulaNode, outer: number): string {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'price':
      return priceKey(node);
    case 'negate':
      return `-${render(node.operand, 3)}`;
    case 'binary': {
      const own = PRECEDENCE[node.operator];
      // The right operand of - and / binds tighter: a - (b - c) keeps its parentheses.
      const text = `${render(node.left, own)} ${node.operator} ${render(node.right, own + 1)}`;
      return own < outer ? `(${text})` : text;
    }
  }
}

/**
 * Rounds a computed course down (the exchanger never promises more than its formula): to `decimals` places, or
 * to 12 significant digits when the direction sets none (the precision of the seeded courses).
 */
export function roundCourse(value: string, decimals: number | null): string {
  const exact = new Dec(value);
  if (decimals !== null) return exact.round(decimals, Big.roundDown).toFixed();
  return exact.eq('0') ? '0' : exact.prec(12, Big.roundDown).toFixed();
}
