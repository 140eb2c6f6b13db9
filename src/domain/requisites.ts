// Checks of payment requisites (card numbers, wallet addresses, phones) shared by browser and server.
import { CHECKSUM_VERIFIERS } from './addressChecksums.ts';

export const REQUISITE_CHECKS = [
  'card',
  'phone',
  'btc',
  'eth',
  'trc20',
  'ltc',
  'ton',
  'yoomoney',
  'name',
  'text',
] as const;

export type RequisiteCheck = (typeof REQUISITE_CHECKS)[number];

/** The Luhn checksum used by every payment card number. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      // Stryker disable next-line EqualityOperator: a doubled digit is even, so it is never exactly 9.
      if (digit > 9) digit -= 9;
    }
    // Stryker disable next-line AssignmentOperator: a sum and its negative are multiples of ten together.
    sum += digit;
  }
  return sum % 10 === 0;
}

const PATTERNS: Record<Exclude<RequisiteCheck, 'card'>, RegExp> = {
  phone: /^\+?7\d{10}$/,
  btc: /^(bc1[ac-hj-np-z02-9]{11,71}|BC1[AC-HJ-NP-Z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ltc: /^(ltc1[ac-hj-np-z02-9]{11,71}|LTC1[AC-HJ-NP-Z02-9]{11,71}|[LM3][a-km-zA-HJ-NP-Z1-9]{26,33})$/,
  // User-friendly (bounceable E…, non-bounceable U…, test-only k…/0…; base64url or base64) or raw `workchain:hex`.
  ton: /^([EUk0][Qf][A-Za-z0-9_+/-]{46}|(0|-1):[0-9a-fA-F]{64})$/,
  yoomoney: /^4100\d{7,12}$/,
  name: /^[\p{L}][\p{L}' .-]{1,99}$/u,
  text: /^.{1,200}$/su,
};

/**
 * Free text (a bank's name, a city) is shown to operators and in mails: letters, digits, spaces and ordinary
 * punctuation only, so markup (`<img onerror=…>`), control characters and the like never get stored.
 */
const TEXT_CHARACTERS = /^[\p{L}\p{M}\p{N} .,:;!?'"«»()№#&+/_@-]*$/u;

/** Removes the spaces and dashes people type inside numbers. */
export function normalizeRequisite(check: RequisiteCheck, value: string): string {
  const trimmed = value.trim();
  if (check === 'card' || check === 'phone' || check === 'yoomoney') return trimmed.replace(/[\s-()]/g, '');
  return trimmed;
}

/** Why a value fails its check: each rule has its own message, so the person knows what to fix. */
export type RequisiteProblem =
  | 'card_characters'
  | 'card_length'
  | 'card_checksum'
  | 'phone_format'
  | 'address_characters'
  | 'address_network'
  | 'address_format'
  | 'address_checksum'
  | 'address_test_network'
  | 'wallet_format'
  | 'name_characters'
  | 'name_length'
  | 'text_characters'
  | 'text_length';

export type AddressCheck = 'btc' | 'eth' | 'trc20' | 'ltc' | 'ton';
const ADDRESS_CHECKS: readonly AddressCheck[] = ['btc', 'eth', 'trc20', 'ltc', 'ton'];

export function isAddressCheck(check: RequisiteCheck): check is AddressCheck {
  return (ADDRESS_CHECKS as readonly string[]).includes(check);
}

/** The networks' names as people know them, the same in both languages. */
export const NETWORK_NAMES: Record<AddressCheck, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum (ERC20)',
  trc20: 'TRON (TRC20)',
  ltc: 'Litecoin',
  ton: 'TON',
};

/** The network whose address format the value matches, when that is not the expected one. */
export function otherNetworkOf(check: AddressCheck, value: string): AddressCheck | null {
  return ADDRESS_CHECKS.find((other) => other !== check && PATTERNS[other].test(value)) ?? null;
}

/** Addresses of the coins' test networks (bech32 tb1/tltc1, base58 m/n/2 and Q), which hold nothing of value. */
const TEST_NETWORK_PATTERNS: Partial<Record<AddressCheck, RegExp>> = {
  btc: /^(tb1|bcrt1)[ac-hj-np-z02-9]{11,71}$/i,
  ltc: /^(tltc1|rltc1)[ac-hj-np-z02-9]{11,71}$/i,
};

function addressProblem(check: AddressCheck, value: string): RequisiteProblem | null {
  if (PATTERNS[check].test(value)) return CHECKSUM_VERIFIERS[check](value);
  if (!/^[A-Za-z0-9_:+/-]+$/.test(value)) return 'address_characters';
  if (TEST_NETWORK_PATTERNS[check]?.test(value)) return 'address_test_network';
  if (otherNetworkOf(check, value) !== null) return 'address_network';
  return 'address_format';
}

function nameProblem(value: string): RequisiteProblem | null {
  if (PATTERNS.name.test(value)) return null;
  if (!/^[\p{L}' .-]*$/u.test(value) || !/^\p{L}/u.test(value)) return 'name_characters';
  return 'name_length';
}

/** The first rule the value breaks after normalisation, or null when it passes. An empty value is "required", not this. */
export function requisiteProblem(check: RequisiteCheck, value: string): RequisiteProblem | null {
  const normalized = normalizeRequisite(check, value);
  if (check === 'card') {
    if (!/^\d+$/.test(normalized)) return 'card_characters';
    if (normalized.length < 16 || normalized.length > 19) return 'card_length';
    return luhnValid(normalized) ? null : 'card_checksum';
  }
  if (isAddressCheck(check)) return addressProblem(check, normalized);
  if (check === 'name') return nameProblem(normalized);
  if (check === 'text' && !TEXT_CHARACTERS.test(normalized)) return 'text_characters';
  if (PATTERNS[check].test(normalized)) return null;
  if (check === 'phone') return 'phone_format';
  if (check === 'yoomoney') return 'wallet_format';
  return 'text_length';
}

export type CardProblem = Extract<RequisiteProblem, `card_${string}`>;

/** Why a card number fails (characters, length, checksum), or null when it passes. */
export function cardProblem(value: string): CardProblem | null {
  return requisiteProblem('card', value) as CardProblem | null;
}

/** True when the value passes the check after normalisation. */
export function requisiteValid(check: RequisiteCheck, value: string): boolean {
  return requisiteProblem(check, value) === null;
}
