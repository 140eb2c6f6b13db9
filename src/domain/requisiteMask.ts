// How a claim's personal requisites read on its public page (anyone with the link): enough to recognise them,
// not enough to use them. The signed-in owner sees them in full.
import type { RequisiteCheck } from './requisites.ts';

/** A card as its first 6 and last 4 digits (the part every receipt prints), the rest as asterisks. */
export function maskCard(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12) return '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** A card number, whole or masked, in groups of four as cards print it: "220070******5678" → "2200 70** **** 5678". */
export function cardInFours(card: string): string {
  return card.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A name as its first word and the initials of the others: "Ivan Petrov" → "Ivan P.". */
export function shortenName(value: string): string {
  // Stryker disable next-line StringLiteral: split always yields a first part; the default only satisfies the type.
  const [first = '', ...rest] = value.trim().split(/\s+/);
  return [first, ...rest.map((word) => `${word.charAt(0)}.`)].join(' ');
}

/** A phone or account number with only its last 4 digits shown. */
function maskDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** What a stranger sees of one requisite; addresses and free text are not personal and stay as they are. */
export function maskRequisite(check: RequisiteCheck, value: string): string {
  switch (check) {
    case 'card':
      return maskCard(value);
    case 'name':
      return shortenName(value);
    case 'phone':
    case 'yoomoney':
      return maskDigits(value);
    default:
      return value;
  }
}
