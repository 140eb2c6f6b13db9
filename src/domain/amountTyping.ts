// What an amount field takes while a person types: digits and one decimal mark (comma or dot), with no more
// decimals than the currency has. Spaces people paste ("1 500,5") are dropped; when both marks appear
// ("1,500.5", "1.500,5") the last one is the decimal mark and the other groups thousands. Anything else is
// refused with its reason, so the field keeps what it had and says why.
import { parseAmount, type Decimal } from './money.ts';

export type AmountTypingProblem = 'amount_not_number' | 'amount_decimals';

export type AmountTyping = { text: string; problem: null } | { text: null; problem: AmountTypingProblem };

/** Whole digits a decimal string may carry (src/domain/money.ts reads at most 18). */
const MAX_WHOLE_DIGITS = 18;
const SPACES = /[\s\u00a0\u202f]/g;

/** Drops the thousands marks of a text that uses both marks: the last mark is the decimal one. */
function withoutGroupMarks(text: string): string {
  const last = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (!text.includes(',') || !text.includes('.')) return text;
  const group = text[last] === ',' ? '.' : ',';
  return text.slice(0, last).split(group).join('') + text.slice(last);
}

/** The text the field keeps for `input`, or why it refuses it; `decimals` is the currency's number of decimals. */
export function typeAmount(input: string, decimals: number): AmountTyping {
  const text = withoutGroupMarks(input.replace(SPACES, ''));
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match || (match[1] ?? '').length > MAX_WHOLE_DIGITS) return { text: null, problem: 'amount_not_number' };
  const fraction = match[2];
  if (fraction !== undefined && (decimals === 0 || fraction.length > decimals)) return { text: null, problem: 'amount_decimals' };
  return { text, problem: null };
}

/** The amount a kept text stands for: "1," and ",5" are on their way to 1 and 0.5; an empty text is none. */
export function typedAmountValue(text: string): Decimal | null {
  return parseAmount(text.replace(/^[.,]/, '0$&').replace(/[.,]$/, ''));
}
