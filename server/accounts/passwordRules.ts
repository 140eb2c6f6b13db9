// The checks shared by sign-up, password reset and password change, as DRF field errors.
import * as english from '@zxcvbn-ts/language-en';
import { passwordRule } from '../../src/domain/passwordStrength.ts';
import { brokenPasswordRules, type PasswordRuleCode } from '../../src/domain/passwordRules.ts';
import type { ErrorBody } from '../shared/errors.ts';
import { tr, type Locale } from '../i18n/texts.ts';

/** The server's judgement: the forms' rule plus English words and names (too large to send to the browser). */
const passwordStrength = passwordRule(english.dictionary);

/** What each broken rule asks for, as the forms' checklist says it. */
const RULE_FIXES: Record<PasswordRuleCode, { ru: string; en: string }> = {
  length: { ru: 'сделайте его длиной от 8 до 128 символов', en: 'make it 8 to 128 characters long' },
  letter: { ru: 'добавьте букву', en: 'add a letter' },
  digit: { ru: 'добавьте цифру', en: 'add a digit' },
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
export function checkNewPassword(errors: ErrorBody, password: string, confirmation: string, locale: Locale, email = ''): void {
  const broken = brokenPasswordRules(password);
  if (broken.length > 0) {
    const fixes = broken.map((code) => tr(locale, RULE_FIXES[code])).join(', ');
    errors.password = [tr(locale, { ru: `Пароль не подходит: ${fixes}.`, en: `The password does not meet the rules: ${fixes}.` })];
  } else if (!passwordStrength(password, email).acceptable) {
    errors.password = [
      tr(locale, {
        ru: 'Этот пароль легко подобрать: он из числа распространённых, похож на них или составлен из e-mail или названия сайта. Придумайте другой.',
        en: 'This password is easy to guess: it is a common one, looks like one, or is made of your e-mail or the site name. Choose another.',
      }),
    ];
  }
  if (password !== confirmation) {
    errors.passwordConfirm = [tr(locale, { ru: 'Пароли не совпадают.', en: 'Passwords do not match.' })];
  }
}
