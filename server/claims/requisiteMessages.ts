// The server's words for each requisite rule (src/domain/requisites.ts names the rule; the browser has the same
// texts in its catalogs), so a rejected claim or card says what exactly to fix.
import {
  isAddressCheck,
  NETWORK_NAMES,
  otherNetworkOf,
  type RequisiteCheck,
  type RequisiteProblem,
} from '../../src/domain/requisites.ts';
import { format, tr, type Texts, type Locale } from '../i18n/texts.ts';

const MESSAGES: Record<RequisiteProblem, Texts> = {
  card_characters: { ru: 'Номер карты состоит только из цифр.', en: 'A card number consists of digits only.' },
  card_length: { ru: 'В номере карты от 16 до 19 цифр.', en: 'A card number has 16 to 19 digits.' },
  card_checksum: {
    ru: 'Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.',
    en: 'The card number fails its check digit: look for a typo.',
  },
  phone_format: { ru: 'Введите номер телефона в формате +7XXXXXXXXXX.', en: 'Enter a phone number as +7XXXXXXXXXX.' },
  address_characters: {
    ru: 'В адресе {network} есть недопустимые символы (пробелы, кириллица, знаки).',
    en: 'The {network} address contains characters it cannot have (spaces, Cyrillic letters, symbols).',
  },
  address_network: {
    ru: 'Это адрес сети {other}, а нужен адрес сети {network}.',
    en: 'This is a {other} address; a {network} address is needed.',
  },
  address_format: {
    ru: 'Это не похоже на адрес {network}: проверьте начало и длину адреса.',
    en: 'This does not look like a {network} address: check how it starts and its length.',
  },
  address_checksum: {
    ru: 'Адрес {network} не проходит проверку контрольной суммы: в нём опечатка. Скопируйте адрес из кошелька.',
    en: 'This {network} address fails its checksum: a character is mistyped. Copy it from your wallet.',
  },
  address_test_network: {
    ru: 'Это адрес тестовой сети, а нужен адрес основной сети {network}.',
    en: 'This is a test-network address; a {network} main-network address is needed.',
  },
  wallet_format: {
    ru: 'Номер кошелька ЮMoney начинается с 4100, в нём 11–16 цифр.',
    en: 'A YooMoney wallet number starts with 4100 and has 11 to 16 digits.',
  },
  name_characters: {
    ru: 'Имя пишется буквами; допустимы пробел, дефис, точка и апостроф.',
    en: 'A name is written in letters; a space, hyphen, full stop and apostrophe are allowed.',
  },
  name_length: { ru: 'Введите имя полностью (от 2 букв).', en: 'Enter the full name (2 letters or more).' },
  text_characters: {
    ru: 'Только буквы, цифры, пробелы и обычные знаки препинания.',
    en: 'Letters, digits, spaces and ordinary punctuation only.',
  },
  text_length: { ru: 'Не длиннее 200 символов.', en: 'No longer than 200 characters.' },
};

export function requisiteMessage(
  locale: Locale,
  check: RequisiteCheck,
  problem: RequisiteProblem,
  value: string,
): string {
  if (!isAddressCheck(check)) return tr(locale, MESSAGES[problem]);
  const other = otherNetworkOf(check, value.trim());
  return format(tr(locale, MESSAGES[problem]), { network: NETWORK_NAMES[check], other: other ? NETWORK_NAMES[other] : '' });
}
