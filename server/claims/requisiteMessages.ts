// The server's words for each requisite rule (src/domain/requisites.ts names the rule; the browser has the same
// texts in its catalogs), so a rejected claim or card says what exactly to fix.
import {
  isAddressCheck,
  NETWORK_NAMES,
  otherNetworkOf,
  type RequisiteCheck,
  type RequisiteProblem,
} from '../../src/domain/requisites.ts';
import type { Text } from '../i18n/text.ts';

const MESSAGES: Record<RequisiteProblem, Text> = {
  card_characters: /*i18n*/ { id: 'claims.requisite.cardCharacters', message: 'A card number consists of digits only.' },
  card_length: /*i18n*/ { id: 'claims.requisite.cardLength', message: 'A card number has 16 to 19 digits.' },
  card_checksum: /*i18n*/ {
    id: 'claims.requisite.cardChecksum',
    message: 'The card number fails its check digit: look for a typo.',
  },
  phone_format: /*i18n*/ { id: 'claims.requisite.phoneFormat', message: 'Enter a phone number as +7XXXXXXXXXX.' },
  address_characters: /*i18n*/ {
    id: 'claims.requisite.addressCharacters',
    message: 'The {network} address contains characters it cannot have (spaces, Cyrillic letters, symbols).',
  },
  address_network: /*i18n*/ {
    id: 'claims.requisite.addressNetwork',
    message: 'This is a {other} address; a {network} address is needed.',
  },
  address_format: /*i18n*/ {
    id: 'claims.requisite.addressFormat',
    message: 'This does not look like a {network} address: check how it starts and its length.',
  },
  address_checksum: /*i18n*/ {
    id: 'claims.requisite.addressChecksum',
    message: 'This {network} address fails its checksum: a character is mistyped. Copy it from your wallet.',
  },
  address_test_network: /*i18n*/ {
    id: 'claims.requisite.addressTestNetwork',
    message: 'This is a test-network address; a {network} main-network address is needed.',
  },
  wallet_format: /*i18n*/ {
    id: 'claims.requisite.walletFormat',
    message: 'A YooMoney wallet number starts with 4100 and has 11 to 16 digits.',
  },
  name_characters: /*i18n*/ {
    id: 'claims.requisite.nameCharacters',
    message: 'A name is written in letters; a space, hyphen, full stop and apostrophe are allowed.',
  },
  name_length: /*i18n*/ { id: 'claims.requisite.nameLength', message: 'Enter the full name (2 letters or more).' },
  text_characters: /*i18n*/ {
    id: 'claims.requisite.textCharacters',
    message: 'Letters, digits, spaces and ordinary punctuation only.',
  },
  text_length: /*i18n*/ { id: 'claims.requisite.textLength', message: 'No longer than 200 characters.' },
};

/** What to fix in `value`, which breaks `check`'s rule with `problem`; an address names its network. */
export function requisiteMessage(check: RequisiteCheck, problem: RequisiteProblem, value: string): Text {
  if (!isAddressCheck(check)) return MESSAGES[problem];
  const other = otherNetworkOf(check, value.trim());
  return { ...MESSAGES[problem], values: { network: NETWORK_NAMES[check], other: other ? NETWORK_NAMES[other] : '' } };
}
