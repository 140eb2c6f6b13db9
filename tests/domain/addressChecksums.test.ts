import { describe, expect, it } from 'vitest';
import { crc16Xmodem, toChecksumAddress } from '../../src/domain/addressChecksums.ts';
import { requisiteProblem } from '../../src/domain/requisites.ts';

// Published vectors: BIP173/BIP350 (segwit), Bitcoin Core's validateaddress tests, EIP-55's examples, the
// "abandon … about" mnemonic's TRON address (m/44'/195'/0'/0/0), a TON wallet in its three spellings.
describe('Bitcoin and Litecoin: bech32, bech32m and base58check', () => {
  it('accepts every kind of mainnet address', () => {
    for (const value of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ]) {
      expect(requisiteProblem('btc', value), value).toBeNull();
    }
    for (const value of ['LQTpS3VaYTjCr4s9Y1t5zbeY26zevf7Fb3', 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
      expect(requisiteProblem('ltc', value), value).toBeNull();
    }
  });

  it('refuses one wrong character as a bad checksum', () => {
    expect(requisiteProblem('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe('address_checksum');
    expect(requisiteProblem('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe('address_checksum');
    expect(requisiteProblem('ltc', 'LQTpS3VaYTjCr4s9Y1t5zbeY26zevf7Fb4')).toBe('address_checksum');
  });

  it('holds each witness version to its checksum (BIP350): bech32 for v0, bech32m after', () => {
    // v0 program under a bech32m checksum, v1 under a bech32 one: both invalid.
    expect(requisiteProblem('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe('address_checksum');
    expect(requisiteProblem('btc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBe('address_checksum');
  });

  it('refuses mixed case, test networks and another coin', () => {
    expect(requisiteProblem('btc', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('address_format');
    expect(requisiteProblem('btc', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe('address_test_network');
    expect(requisiteProblem('btc', 'LQTpS3VaYTjCr4s9Y1t5zbeY26zevf7Fb3')).toBe('address_network');
    expect(requisiteProblem('ltc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('address_network');
  });
});

describe('Ethereum: EIP-55', () => {
  it('accepts correctly mixed case, all lower case and all upper case', () => {
    for (const value of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
    ]) {
      expect(requisiteProblem('eth', value), value).toBeNull();
    }
  });

  it('refuses mixed case that is not the checksum', () => {
    expect(requisiteProblem('eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('address_checksum');
    expect(requisiteProblem('eth', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('address_checksum');
  });

  it('spells an address in its checksummed case', () => {
    expect(toChecksumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(toChecksumAddress('0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });
});

describe('TRON: base58check with 0x41', () => {
  it('accepts a TRON address and refuses a typo or a Bitcoin address', () => {
    expect(requisiteProblem('trc20', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBeNull();
    expect(requisiteProblem('trc20', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdJ')).toBe('address_checksum');
    expect(requisiteProblem('trc20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('address_network');
  });
});

describe('TON: user-friendly (CRC16-XMODEM) and raw forms', () => {
  const friendly = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';

  it('accepts the base64url, base64 and raw spellings of one wallet', () => {
    expect(requisiteProblem('ton', friendly)).toBeNull();
    expect(requisiteProblem('ton', friendly.replace('-', '+'))).toBeNull();
    expect(requisiteProblem('ton', '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e')).toBeNull();
    expect(requisiteProblem('ton', '-1:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e')).toBeNull();
  });

  it('refuses a wrong character, a short raw form and a test-only address', () => {
    expect(requisiteProblem('ton', `${friendly.slice(0, -1)}G`)).toBe('address_checksum');
    expect(requisiteProblem('ton', '0:ca6e321c')).toBe('address_format');
    // The same account with the test-only flag (0x80) set, its CRC recomputed.
    const body = Uint8Array.of(0x91, 0x00, ...Array.from({ length: 32 }, (_, index) => index));
    const crc = crc16Xmodem(body);
    const testOnly = btoa(String.fromCharCode(...body, crc >> 8, crc & 0xff));
    expect(requisiteProblem('ton', testOnly)).toBe('address_test_network');
  });

  it('computes CRC16-XMODEM (check value of "123456789" is 0x31C3)', () => {
    expect(crc16Xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });
});
