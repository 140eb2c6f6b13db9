// A forgotten password: a mailed link, then a new password set through it (which also proves the address).
import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../../src/domain/email.ts';
import { emailRuleMessage } from '../shared/emailRule.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { consumeMailToken, issueMailToken, mailTokenEmail } from '../auth/mailTokens.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserFamilies } from '../auth/refreshTokens.ts';
import type { Locale } from '../i18n/translate.ts';
import { log } from '../log.ts';
import { mailSettingsOf, sendMail } from '../mail/send.ts';
import { restoreLink, restoreMail } from './mails.ts';
import { hasFieldErrors, refuse, refuseFields, type ErrorBody } from '../shared/errors.ts';
import { activateAccount } from './activateAccount.ts';
import { checkNewPassword, type NewPassword } from './passwordRules.ts';

/**
 * Mails a reset link to the account of `input`, if there is one. It returns before looking the address up, so
 * the answer is the same and as fast whether or not the account exists. The mail is in `mailLocale`, the language
 * the request was made in.
 */
export function requestPasswordReset(db: Db, config: Config, mailLocale: Locale, input: string): void {
  const email = normalizeEmail(input);
  const emailRefusal = emailRuleMessage(email);
  if (emailRefusal) refuseFields({ email: [emailRefusal] });
  void (async () => {
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!user) return;
    const token = await issueMailToken(db, user.id, 'restore');
    await sendMail(mailSettingsOf(config), restoreMail(mailLocale, user.email, restoreLink(config.publicUrl, mailLocale, token)));
  })().catch((error: unknown) => log.error('password restore mail failed', error));
}

/** Sets the new password of a mailed link (`token` null when malformed) and signs every device out. */
export async function resetPassword(db: Db, token: string | null, request: NewPassword): Promise<void> {
  const errors: ErrorBody = {};
  // The e-mail of the link's account (when the link is good) counts among the words a password must avoid.
  const email = token ? ((await mailTokenEmail(db, token, 'restore')) ?? '') : '';
  checkNewPassword(errors, request.password, request.passwordConfirm, email);
  if (hasFieldErrors(errors)) refuseFields(errors);
  const userId = token ? await consumeMailToken(db, token, 'restore') : null;
  if (userId === null) {
    refuse('invalid', /*i18n*/ { id: 'accounts.passwordReset.linkInvalid', message: 'The password reset link is invalid or has expired.' });
  }
  const passwordHash = await hashPassword(request.password);
  // The link came by mail, which also proves the address: the account counts as activated.
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await activateAccount(tx, userId);
  });
  await revokeUserFamilies(db, userId);
}
