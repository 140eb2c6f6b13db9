// Sign-up: every field checked at once, then an account (or, for a registered address, a mail to its owner;
// the caller is told the same either way, so nobody learns who has an account).
import { eq } from 'drizzle-orm';
import type { SignupRequest } from '../../src/api/schemas/user.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { emailRuleMessage } from '../shared/emailRule.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../auth/password.ts';
import type { Locale } from '../i18n/translate.ts';
import { mailSettingsOf, sendMail } from '../mail/send.ts';
import { recoverPageLink, signupAttemptMail } from './mails.ts';
import { hasFieldErrors, refuseFields, type ErrorBody } from '../shared/errors.ts';
import { sendActivation } from './activation.ts';
import { createAccount } from './createAccount.ts';
import { checkNewPassword } from './passwordRules.ts';
import { normalizeReferralCode } from './referralCode.ts';

/** A sign-up whose fields all passed: the address as stored and the inviting partner, if any. */
export interface CheckedSignup {
  email: string;
  password: string;
  referredBy: number | null;
}

export async function checkSignup(db: Db, request: SignupRequest): Promise<CheckedSignup> {
  const email = normalizeEmail(request.email);
  const errors: ErrorBody = {};
  const emailRefusal = emailRuleMessage(email);
  if (emailRefusal) errors.email = [emailRefusal];
  checkNewPassword(errors, request.password, request.passwordConfirm, email);
  let referredBy: number | null = null;
  const code = request.refferal ? normalizeReferralCode(request.refferal) : '';
  if (code) {
    const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    if (referrer) referredBy = referrer.id;
    else errors.refferal = [/*i18n*/ { id: 'accounts.referralCode.unknown', message: 'This referral code does not exist.' }];
  }
  if (hasFieldErrors(errors)) refuseFields(errors);
  return { email, password: request.password, referredBy };
}

/**
 * Creates the account and mails its activation link; a registered address gets a "was this you?" mail instead.
 * Either mail is in `mailLocale`, the language the sign-up was made in (an account keeps no language of its own).
 */
export async function register(db: Db, config: Config, mailLocale: Locale, signup: CheckedSignup): Promise<void> {
  const { email, referredBy } = signup;
  const user = await createAccount(db, { email, passwordHash: await hashPassword(signup.password), referredBy });
  if (user) await sendActivation(db, config, mailLocale, user);
  else await sendMail(mailSettingsOf(config), signupAttemptMail(mailLocale, email, recoverPageLink(config.publicUrl, mailLocale)));
}
