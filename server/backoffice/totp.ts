// Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second steps) through the otpauth library.
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
/** Codes of the previous and the next step are accepted too: clocks drift and typing takes time. */
const WINDOW_STEPS = 1;
const ISSUER = 'Exchanger Ops';

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random 160-bit secret, base32 (what authenticator apps expect). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth://totp/... enrolment URI an authenticator app scans. */
export function enrolmentUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The code for a moment (tests and the journey compute it from the printed secret). */
export function totpCode(secretBase32: string, at = Date.now()): string {
  return totpOf(secretBase32, '').generate({ timestamp: at });
}

/** The 30-second step a valid code belongs to, or null when the code is wrong at this moment. */
export function matchingStep(secretBase32: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: at, window: WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}
