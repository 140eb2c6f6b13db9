// The referral programme's terms: what a referrer earns and when it can be withdrawn.
import type { Decimal } from '../../src/domain/money.ts';

/** Share of each completed exchange of an invited user, in percent of its RUB value. */
export const REFERRAL_PERCENT: Decimal = process.env.REFERRAL_PERCENT ?? '0.4';
/** Balances are kept in roubles. */
export const REFERRAL_UNIT = 'RUB';
export const MIN_WITHDRAWAL: Decimal = process.env.REFERRAL_MIN_WITHDRAWAL ?? '500';
/** Kopecks: balances and movements are stored with two decimals. */
export const REFERRAL_DECIMALS = 2;
