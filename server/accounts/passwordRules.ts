// The checks shared by sign-up, password reset and password change, as DRF field errors.
import * as english from '@zxcvbn-ts/language-en';
import { passwordRule } from '../../src/domain/passwordStrength.ts';
import { brokenPasswordRules, type PasswordRuleCode } from '../../src/domain/passwordRules.ts';
import type { ErrorBody } from '../shared/errors.ts';
import type { Text } from '../i18n/text.ts';

/** The server's judgement: the forms' rule plus English words and names (too large to send to the browser). */
const passwordStrength = passwordRule(english.dictionary);

/** What each broken rule asks for, as the forms' checklist says it. */
const RULE_FIXES: Record<PasswordRuleCode, Text> = {
  length: /*i18n*/ { id: 'accounts.password.fixLength', message: 'make it 8 to 128 characters long' },
  letter: /*i18n*/ { id: 'accounts.password.fixLetter', message: 'add a letter' },
  digit: /*i18n*/ { id: 'accounts.password.fixDigit', message: 'add a digit' },
};

/** A new password as a form sends it: twice. */
export interface NewPassword {
  password: string;
  passwordConfirm: string;
}

/**
 * Adds `password` / `passwordConfirm` errors to `errors` for a weak or mismatched new password: the length and
 * letters-and-digits rule first, then how guessable it is for the account's `email` (common and breached
 * patterns, the e-mail itself, the site's name).
 */
export function checkNewPassword(errors: ErrorBody, password: string, confirmation: string, email = ''): void {
  const broken = brokenPasswordRules(password);
  if (broken.length > 0) {
    const fixes = broken.map((code) => RULE_FIXES[code]);
    errors.password = [/*i18n*/ { id: 'accounts.password.rulesBroken', message: 'The password does not meet the rules: {fixes}.', values: { fixes } }];
  } else if (!passwordStrength(password, email).acceptable) {
    errors.password = [
      /*i18n*/ {
        id: 'accounts.password.guessable',
        message: 'This password is easy to guess: it is a common one, looks like one, or is made of your e-mail or the site name. Choose another.',
      },
    ];
  }
  if (password !== confirmation) {
    errors.passwordConfirm = [/*i18n*/ { id: 'accounts.password.mismatch', message: 'Passwords do not match.' }];
  }
}
