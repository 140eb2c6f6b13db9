// The rules a new password must meet, each with a code: the server refuses by them (server/auth/password.ts,
// server/accounts/passwordRules.ts), the forms list them under the field before anything is typed and
// tick each one as it is met, and the strength meter never calls a password strong while one of them fails.
// How guessable a password is (zxcvbn) is the last rule; it lives in passwordStrength.ts because its word lists
// are large and load only once someone types.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRuleCode = 'length' | 'letter' | 'digit';

export interface PasswordRuleCheck {
  code: PasswordRuleCode;
  met: (password: string) => boolean;
}

/** The character rules, in the order the forms list them. */
export const PASSWORD_RULES: readonly PasswordRuleCheck[] = [
  { code: 'length', met: (password) => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH },
  { code: 'letter', met: (password) => /\p{L}/u.test(password) },
  { code: 'digit', met: (password) => /\d/.test(password) },
];

/** The codes of the rules `password` breaks, in list order; empty when it meets them all. */
export function brokenPasswordRules(password: string): PasswordRuleCode[] {
  return PASSWORD_RULES.filter((rule) => !rule.met(password)).map((rule) => rule.code);
}
