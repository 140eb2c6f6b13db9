import { describe, expect, it } from 'vitest';
import {
  cardProblem,
  isAddressCheck,
  luhnValid,
  NETWORK_NAMES,
  normalizeRequisite,
  otherNetworkOf,
  requisiteProblem,
  requisiteValid,
} from '../../src/domain/requisites.ts';

// Real addresses: BIP173's P2WPKH, the genesis block's P2PKH, EIP-55's first example, TRON's and TON's of the
// "abandon … about" test mnemonic and a TON foundation wallet; the Litecoin ones are made with their checksums.
const BTC_BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRC20 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const LTC = 'ltc1q3pe6z9rvud00lf06erkz5nq4z4r6ltx4prd3wp';
const TON = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';

describe('luhnValid', () => {
  it('accepts numbers whose checksum is a multiple of ten, doubling every second digit from the right', () => {
    expect(luhnValid('4276380012345679')).toBe(true);
    expect(luhnValid('4276380012345678')).toBe(false);
    // 18 → 1+8: a doubled digit above 9 loses 9.
    expect(luhnValid('91')).toBe(true);
    expect(luhnValid('19')).toBe(false);
    expect(luhnValid('0')).toBe(true);
  });

  it('refuses anything but digits', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4276 3800')).toBe(false);
    expect(luhnValid('a0')).toBe(false);
    expect(luhnValid('00a')).toBe(false);
  });
});

describe('normalizeRequisite', () => {
  it('drops spaces, dashes and brackets inside card, phone and wallet numbers', () => {
    expect(normalizeRequisite('card', ' 4276-3800 1234 5679 ')).toBe('4276380012345679');
    expect(normalizeRequisite('phone', '+7 (912) 345-67-89')).toBe('+79123456789');
    expect(normalizeRequisite('yoomoney', '4100 1234 5678')).toBe('410012345678');
  });

  it('only trims anything else', () => {
    expect(normalizeRequisite('name', '  Ivan Petrov ')).toBe('Ivan Petrov');
    expect(normalizeRequisite('btc', ` ${BTC_LEGACY}\n`)).toBe(BTC_LEGACY);
  });
});

describe('requisiteProblem: cards', () => {
  it('names the first rule a card number breaks', () => {
    expect(requisiteProblem('card', '4276 3800 1234 567x')).toBe('card_characters');
    expect(requisiteProblem('card', '427638001234568')).toBe('card_length');
    expect(requisiteProblem('card', '42763800123456789010')).toBe('card_length');
    expect(requisiteProblem('card', '4276380012345678')).toBe('card_checksum');
  });

  it('accepts 16 to 19 digits passing the checksum', () => {
    expect(requisiteProblem('card', '4276 3800 1234 5679')).toBeNull();
    expect(requisiteProblem('card', '4276380012345678905')).toBeNull();
    expect(cardProblem('4276380012345679')).toBeNull();
    expect(cardProblem('4276380012345678')).toBe('card_checksum');
  });
});

describe('requisiteProblem: addresses', () => {
  it('accepts the address formats of each network', () => {
    for (const [check, value] of [
      ['btc', BTC_BECH32],
      ['btc', BTC_LEGACY],
      ['eth', ETH],
      ['trc20', TRC20],
      ['ltc', LTC],
      ['ton', TON],
    ] as const) {
      expect(requisiteProblem(check, value), `${check} ${value}`).toBeNull();
    }
  });

  it('tells a character that no address uses from an address of another network and from a bad length', () => {
    expect(requisiteProblem('btc', `${BTC_LEGACY.slice(0, -1)}!`)).toBe('address_characters');
    expect(requisiteProblem('btc', ETH)).toBe('address_network');
    expect(requisiteProblem('trc20', ETH)).toBe('address_network');
    expect(requisiteProblem('eth', TRC20)).toBe('address_network');
    expect(requisiteProblem('eth', `${ETH}0`)).toBe('address_format');
    expect(requisiteProblem('eth', ETH.slice(0, -1))).toBe('address_format');
    expect(requisiteProblem('ton', TON.slice(0, -1))).toBe('address_format');
  });

  it('keeps the length bounds of legacy and bech32 addresses', () => {
    expect(requisiteProblem('btc', `1${'a'.repeat(24)}`)).toBe('address_format');
    expect(requisiteProblem('btc', `1${'a'.repeat(35)}`)).toBe('address_format');
    expect(requisiteProblem('btc', `bc1${'q'.repeat(10)}`)).toBe('address_format');
    expect(requisiteProblem('btc', `bc1${'q'.repeat(72)}`)).toBe('address_format');
    // Base58 leaves out 0, O, I and l.
    expect(requisiteProblem('btc', `1${'0'.repeat(30)}`)).toBe('address_format');
    expect(requisiteProblem('btc', `x${BTC_LEGACY}`)).toBe('address_format');
  });

  it('names the network an address of the wrong one belongs to', () => {
    expect(otherNetworkOf('btc', ETH)).toBe('eth');
    expect(otherNetworkOf('eth', TRC20)).toBe('trc20');
    expect(otherNetworkOf('eth', ETH)).toBeNull();
    expect(otherNetworkOf('eth', 'nothing')).toBeNull();
    expect(isAddressCheck('ton')).toBe(true);
    expect(isAddressCheck('card')).toBe(false);
  });
});

describe('requisiteProblem: phones, wallets, names, free text', () => {
  it('checks a Russian phone number', () => {
    expect(requisiteProblem('phone', '+7 912 345-67-89')).toBeNull();
    expect(requisiteProblem('phone', '79123456789')).toBeNull();
    expect(requisiteProblem('phone', '+7912345678')).toBe('phone_format');
    expect(requisiteProblem('phone', '+791234567890')).toBe('phone_format');
    expect(requisiteProblem('phone', '+89123456789')).toBe('phone_format');
  });

  it('checks a YooMoney wallet: 4100 and 7 to 12 digits', () => {
    expect(requisiteProblem('yoomoney', '41001234567')).toBeNull();
    expect(requisiteProblem('yoomoney', '4100123456789012')).toBeNull();
    expect(requisiteProblem('yoomoney', '4100123456')).toBe('wallet_format');
    expect(requisiteProblem('yoomoney', '41001234567890123')).toBe('wallet_format');
    expect(requisiteProblem('yoomoney', '41011234567')).toBe('wallet_format');
  });

  it('checks a name: starts with a letter, letters and name punctuation, 2 to 100 characters', () => {
    expect(requisiteProblem('name', "Анна-Мария O'Neil Jr.")).toBeNull();
    expect(requisiteProblem('name', 'Li')).toBeNull();
    expect(requisiteProblem('name', 'L')).toBe('name_length');
    expect(requisiteProblem('name', `A${'b'.repeat(99)}`)).toBeNull();
    expect(requisiteProblem('name', `A${'b'.repeat(100)}`)).toBe('name_length');
    expect(requisiteProblem('name', '-Anna')).toBe('name_characters');
    expect(requisiteProblem('name', 'Anna7')).toBe('name_characters');
  });

  it('checks free text: ordinary characters only, up to 200', () => {
    expect(requisiteProblem('text', 'Сбербанк, отделение №5 (Москва) — «центр»'.replace('—', '-'))).toBeNull();
    expect(requisiteProblem('text', 'a'.repeat(200))).toBeNull();
    expect(requisiteProblem('text', 'a'.repeat(201))).toBe('text_length');
    expect(requisiteProblem('text', '<img src=x onerror=alert(1)>')).toBe('text_characters');
    expect(requisiteProblem('text', 'line\u0007bell')).toBe('text_characters');
  });

  it('requisiteValid is the absence of a problem', () => {
    expect(requisiteValid('card', '4276380012345679')).toBe(true);
    expect(requisiteValid('card', '4276380012345678')).toBe(false);
  });
});

describe('requisites: nothing before or after a valid value passes', () => {
  it('refuses a card number with anything around its digits', () => {
    expect(luhnValid(' 4276380012345679')).toBe(false);
    // Valid both as it is and with one more digit: only the check of every character refuses the newline.
    expect(luhnValid('4276380012345604')).toBe(true);
    expect(luhnValid('42763800123456040')).toBe(true);
    expect(luhnValid('4276380012345604\n')).toBe(false);
    expect(requisiteProblem('card', 'N4276 3800 1234 5679')).toBe('card_characters');
  });

  it('refuses a phone written with 00 instead of +, and a wallet number with a prefix', () => {
    expect(requisiteProblem('phone', '00 7 912 345-67-89')).toBe('phone_format');
    expect(requisiteProblem('yoomoney', '0041001234567')).toBe('wallet_format');
  });

  it('refuses an address with a character before or after it', () => {
    for (const [check, value] of [
      ['eth', ETH],
      ['trc20', TRC20],
      ['ltc', LTC],
      ['ton', TON],
    ] as const) {
      expect(requisiteProblem(check, `a${value}`), `${check} with a prefix`).not.toBeNull();
      expect(requisiteProblem(check, `${value}a`), `${check} with a suffix`).not.toBeNull();
    }
  });

  it('calls a stray character in a phone or wallet number a format problem, not a text one', () => {
    expect(requisiteProblem('phone', '+7 912 345-67-89<')).toBe('phone_format');
    expect(requisiteProblem('yoomoney', '41001234567*')).toBe('wallet_format');
  });
});

describe('NETWORK_NAMES', () => {
  it('names each network as people know it, in both languages', () => {
    expect(NETWORK_NAMES).toEqual({
      btc: 'Bitcoin',
      eth: 'Ethereum (ERC20)',
      trc20: 'TRON (TRC20)',
      ltc: 'Litecoin',
      ton: 'TON',
    });
  });
});

describe('requisiteValid and requisiteProblem across kinds', () => {
  it('checks card numbers with Luhn after removing spaces and dashes', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111-1111')).toBe(false);
    expect(requisiteValid('card', '4111 1111 1111 1111')).toBe(true);
    expect(requisiteValid('card', '4111-1111-1111-1111')).toBe(true);
    expect(requisiteValid('card', '4111 1111 1111 1112')).toBe(false);
    expect(requisiteValid('card', '4242')).toBe(false);
    expect(normalizeRequisite('card', ' 4111 1111-1111 1111 ')).toBe('4111111111111111');
  });

  it('checks wallet addresses, phones and names by their patterns', () => {
    expect(requisiteValid('btc', BTC_BECH32)).toBe(true);
    expect(requisiteValid('btc', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe(false);
    expect(requisiteValid('eth', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe(true);
    expect(requisiteValid('trc20', TRC20)).toBe(true);
    expect(requisiteValid('ltc', LTC)).toBe(true);
    expect(requisiteValid('ton', TON)).toBe(true);
    expect(requisiteValid('phone', '+7 (916) 555-41-07')).toBe(true);
    expect(requisiteValid('phone', '555-41-07')).toBe(false);
    expect(requisiteValid('yoomoney', '4100 1182 7463 5521')).toBe(true);
    expect(requisiteValid('name', 'Иван Петров')).toBe(true);
    expect(requisiteValid('name', '1van')).toBe(false);
    expect(requisiteValid('text', '')).toBe(false);
  });

  it('names the rule a value breaks', () => {
    expect(requisiteProblem('card', '4111 1111 1111 1111')).toBeNull();
    expect(requisiteProblem('card', '4111 1111 1111 111a')).toBe('card_characters');
    expect(requisiteProblem('card', '4111 1111 1111')).toBe('card_length');
    expect(requisiteProblem('card', '41111111111111111111')).toBe('card_length');
    expect(requisiteProblem('card', '4111 1111 1111 1112')).toBe('card_checksum');
    expect(requisiteProblem('btc', '0x4E83362442B8d1beC281594cEa3050c8EB01311C')).toBe('address_network');
    expect(requisiteProblem('eth', 'bc1q9h7garjqk2rz6qv0dcs9wzgaq3tqg2v7kqn8xm')).toBe('address_network');
    expect(requisiteProblem('btc', BTC_BECH32)).toBeNull();
    expect(requisiteProblem('btc', 'bc1 q9h7garjqk2rz6qv0dcs9wz')).toBe('address_characters');
    expect(requisiteProblem('btc', 'адрес')).toBe('address_characters');
    expect(requisiteProblem('btc', 'xyz123')).toBe('address_format');
    expect(requisiteProblem('phone', '555-41-07')).toBe('phone_format');
    expect(requisiteProblem('yoomoney', '4200 1182 7463')).toBe('wallet_format');
    expect(requisiteProblem('name', 'И')).toBe('name_length');
    expect(requisiteProblem('name', '1van')).toBe('name_characters');
    expect(requisiteProblem('name', 'Ivan_Petrov')).toBe('name_characters');
    expect(requisiteProblem('text', 'x'.repeat(201))).toBe('text_length');
  });

  it('keeps free text to letters, digits, spaces and ordinary punctuation', () => {
    expect(requisiteProblem('text', 'Сбербанк (ПАО), отд. №1234 "Центральное" & Co.')).toBeNull();
    expect(requisiteProblem('text', 'Tinkoff Bank / T-Bank')).toBeNull();
    expect(requisiteProblem('text', '<img src=x onerror=alert(1)>')).toBe('text_characters');
    expect(requisiteProblem('text', 'bank\u0000name')).toBe('text_characters');
    expect(requisiteProblem('text', 'line\nbreak')).toBe('text_characters');
    expect(requisiteProblem('text', '{{7*7}}')).toBe('text_characters');
  });
});
