// Checks of payment requisites (card numbers, wallet addresses, phones) shared by browser and server.

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
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const PATTERNS: Record<Exclude<RequisiteCheck, 'card'>, RegExp> = {
  phone: /^\+?7\d{10}$/,
  btc: /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ltc: /^(ltc1[ac-hj-np-z02-9]{11,71}|[LM3][a-km-zA-HJ-NP-Z1-9]{26,33})$/,
  ton: /^(EQ|UQ)[A-Za-z0-9_-]{46}$/,
  yoomoney: /^4100\d{7,12}$/,
  name: /^[\p{L}][\p{L}' .-]{1,99}$/u,
  text: /^.{1,200}$/su,
};

/** Removes the spaces and dashes people type inside numbers. */
export function normalizeRequisite(check: RequisiteCheck, value: string): string {
  const trimmed = value.trim();
  if (check === 'card' || check === 'phone' || check === 'yoomoney') return trimmed.replace(/[\s-()]/g, '');
  return trimmed;
}

/** True when the value passes the check after normalisation. */
export function requisiteValid(check: RequisiteCheck, value: string): boolean {
  const normalized = normalizeRequisite(check, value);
  if (check === 'card') return /^\d{16,19}$/.test(normalized) && luhnValid(normalized);
  return PATTERNS[check].test(normalized);
}
