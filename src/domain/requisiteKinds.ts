// The kinds of requisites, the address networks with their names and patterns, and the problems a value can have:
// what the error texts need, apart from the checks themselves (requisites.ts), so a page that only words an error
// never loads the checksum code.

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

/** The address pattern of each network; requisites.ts then checks the checksum inside. */
export const ADDRESS_PATTERNS: Record<AddressCheck, RegExp> = {
  btc: /^(bc1[ac-hj-np-z02-9]{11,71}|BC1[AC-HJ-NP-Z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ltc: /^(ltc1[ac-hj-np-z02-9]{11,71}|LTC1[AC-HJ-NP-Z02-9]{11,71}|[LM3][a-km-zA-HJ-NP-Z1-9]{26,33})$/,
  // User-friendly (bounceable E…, non-bounceable U…, test-only k…/0…; base64url or base64) or raw `workchain:hex`.
  ton: /^([EUk0][Qf][A-Za-z0-9_+/-]{46}|(0|-1):[0-9a-fA-F]{64})$/,
};

/** The network whose address format the value matches, when that is not the expected one. */
export function otherNetworkOf(check: AddressCheck, value: string): AddressCheck | null {
  return ADDRESS_CHECKS.find((other) => other !== check && ADDRESS_PATTERNS[other].test(value)) ?? null;
}
