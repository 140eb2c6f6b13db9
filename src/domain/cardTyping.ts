// A card number as it is typed: digits grouped by four as cards print them ("2200 7012 3456 7890"), at most 19
// digits. Spaces and dashes people type or paste are separators; any other character is dropped and reported, so
// the field can say that a card number is digits only.

export const CARD_MAX_DIGITS = 19;

/** The grouping a card field shows before anything is typed. */
export const CARD_PLACEHOLDER = '0000 0000 0000 0000';

export interface CardTyping {
  /** The digits grouped by four. */
  text: string;
  /** Whether the input held characters a card number cannot have (letters, symbols). */
  dropped: boolean;
}

export function typeCard(input: string): CardTyping {
  const dropped = /[^\d\s-]/.test(input);
  const digits = input.replace(/\D/g, '').slice(0, CARD_MAX_DIGITS);
  return { text: digits.replace(/(\d{4})(?=\d)/g, '$1 '), dropped };
}
