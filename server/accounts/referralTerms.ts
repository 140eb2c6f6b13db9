// The referral programme's terms: what a referrer earns and when it can be withdrawn.
import { isDecimal, type Decimal } from '../../src/domain/money.ts';

function decimalSetting(name: string, fallback: Decimal): Decimal {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!isDecimal(raw)) throw new Error(`${name} must be a decimal number such as ${fallback}, got "${raw}"`);
  return raw;
}

/** Share of each completed exchange of an invited user, in percent of its RUB value. */
export const REFERRAL_PERCENT: Decimal = decimalSetting('REFERRAL_PERCENT', '0.4');
/** Balances are kept in roubles. */
export const REFERRAL_UNIT = 'RUB';
export const MIN_WITHDRAWAL: Decimal = decimalSetting('REFERRAL_MIN_WITHDRAWAL', '500');
/** Kopecks: balances and movements are stored with two decimals. */
export const REFERRAL_DECIMALS = 2;
