// The checks shared by sign-up, password reset and password change, as DRF field errors.
import { passwordStrongEnough } from '../auth/password.ts';
import type { ErrorBody } from '../http/errors.ts';
import type { Locale } from '../http/env.ts';
import { tr } from '../http/i18n.ts';

/** Adds `password` / `passwordConfirm` errors to `errors` for a weak or mismatched new password. */
export function checkNewPassword(errors: ErrorBody, password: string, confirmation: string, locale: Locale): void {
  if (!passwordStrongEnough(password)) {
    errors.password = [
      tr(locale, {
        ru: 'Пароль должен содержать не меньше 8 символов, буквы и цифры.',
        en: 'The password must be at least 8 characters long and contain letters and digits.',
      }),
    ];
  }
  if (password !== confirmation) {
    errors.passwordConfirm = [tr(locale, { ru: 'Пароли не совпадают.', en: 'Passwords do not match.' })];
  }
}
