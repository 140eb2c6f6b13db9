// Checks of payment requisites (card numbers, wallet addresses, phones) with the addresses' checksum verifiers
// passed in: the home's form checks an address's pattern at once and its checksum once the verifiers (hash and
// base58/bech32 code, a third of the form's weight) have loaded on the first focus of an address field.
// requisites.ts binds them for the server and every other caller.
import type { ChecksumVerifiers } from './addressChecksums.ts';
import {
  ADDRESS_PATTERNS,
  isAddressCheck,
  otherNetworkOf,
  type AddressCheck,
  type RequisiteCheck,
  type RequisiteProblem,
} from './requisiteKinds.ts';

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
  ...ADDRESS_PATTERNS,
  phone: /^\+?7\d{10}$/,
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

/** Bech32 addresses of the coins' test and regression-test networks, which hold nothing of value. */
const TEST_NETWORK_PATTERNS: Partial<Record<AddressCheck, RegExp>> = {
  btc: /^(tb1|bcrt1)[ac-hj-np-z02-9]{11,71}$/i,
  ltc: /^(tltc1|rltc1)[ac-hj-np-z02-9]{11,71}$/i,
};

function addressProblem(check: AddressCheck, value: string, checksums: ChecksumVerifiers | null): RequisiteProblem | null {
  if (PATTERNS[check].test(value)) return checksums ? checksums[check](value) : null;
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

/**
 * The first rule the value breaks after normalisation, or null when it passes. An empty value is "required", not
 * this. Without `checksums` an address that matches its network's pattern passes: its checksum is not checked.
 */
export function requisiteProblemWith(
  checksums: ChecksumVerifiers | null,
  check: RequisiteCheck,
  value: string,
): RequisiteProblem | null {
  const normalized = normalizeRequisite(check, value);
  if (check === 'card') {
    if (!/^\d+$/.test(normalized)) return 'card_characters';
    if (normalized.length < 16 || normalized.length > 19) return 'card_length';
    return luhnValid(normalized) ? null : 'card_checksum';
  }
  if (isAddressCheck(check)) return addressProblem(check, normalized, checksums);
  if (check === 'name') return nameProblem(normalized);
  if (check === 'text' && !TEXT_CHARACTERS.test(normalized)) return 'text_characters';
  if (PATTERNS[check].test(normalized)) return null;
  if (check === 'phone') return 'phone_format';
  if (check === 'yoomoney') return 'wallet_format';
  return 'text_length';
}
