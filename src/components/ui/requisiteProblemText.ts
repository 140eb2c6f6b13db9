// Words for each requisite rule (src/domain/requisites.ts names it), the same as the server's answers, so a refused
// card number or wallet address says what exactly to fix.
import { useLingui } from '@lingui/react/macro';
import {
  isAddressCheck,
  NETWORK_NAMES,
  otherNetworkOf,
  type RequisiteCheck,
  type RequisiteProblem,
} from '../../domain/requisiteKinds.ts';

export function useRequisiteProblemText(): (problem: RequisiteProblem, check: RequisiteCheck, value: string) => string {
  const { t } = useLingui();
  return (problem, check, value) => {
    const network = isAddressCheck(check) ? NETWORK_NAMES[check] : '';
    const otherCheck = isAddressCheck(check) ? otherNetworkOf(check, value.trim()) : null;
    const other = otherCheck ? NETWORK_NAMES[otherCheck] : '';
    switch (problem) {
      case 'card_characters':
        return t`A card number consists of digits only.`;
      case 'card_length':
        return t`A card number has 16 to 19 digits.`;
      case 'card_checksum':
        return t`The card number fails its check digit: look for a typo.`;
      case 'phone_format':
        return t`Enter a phone number as +7XXXXXXXXXX.`;
      case 'address_characters':
        return t`The ${network} address contains characters it cannot have (spaces, Cyrillic letters, symbols).`;
      case 'address_network':
        return t`This is a ${other} address; a ${network} address is needed.`;
      case 'address_format':
        return t`This does not look like a ${network} address: check how it starts and its length.`;
      case 'address_checksum':
        return t`This ${network} address fails its checksum: a character is mistyped. Copy it from your wallet.`;
      case 'address_test_network':
        return t`This is a test-network address; a ${network} main-network address is needed.`;
      case 'wallet_format':
        return t`A YooMoney wallet number starts with 4100 and has 11 to 16 digits.`;
      case 'name_characters':
        return t`A name is written in letters; a space, hyphen, full stop and apostrophe are allowed.`;
      case 'name_length':
        return t`Enter the full name (2 letters or more).`;
      case 'text_characters':
        return t`Letters, digits, spaces and ordinary punctuation only.`;
      case 'text_length':
        return t`No longer than 200 characters.`;
    }
  };
}
