// Activation by mail: the link's token proves the address; activating adopts the e-mail's earlier claims.
import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../../src/domain/email.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { consumeMailToken, issueMailToken } from '../auth/mailTokens.ts';
import type { Locale } from '../i18n/translate.ts';
import { log } from '../log.ts';
import { mailSettingsOf, sendMail } from '../mail/send.ts';
import { activationLink, activationMail } from './mails.ts';
import { refuse, refuseFields } from '../shared/errors.ts';
import { emailRuleMessage } from '../shared/emailRule.ts';
import { addHits } from '../shared/rateLimitWindows.ts';
import { activateAccount } from './activateAccount.ts';

/** Mails the account a fresh activation link in `mailLocale`, the language of the request that asked for it. */
export async function sendActivation(db: Db, config: Config, mailLocale: Locale, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const token = await issueMailToken(db, user.id, 'activation');
  await sendMail(mailSettingsOf(config), activationMail(mailLocale, user.email, activationLink(config.publicUrl, mailLocale, token)));
}

/** Activates the account of a mailed link; `token` is null when the link's token was malformed. */
export async function activateByToken(db: Db, token: string | null): Promise<void> {
  const userId = token ? await consumeMailToken(db, token, 'activation') : null;
  if (userId === null) {
    refuse('invalid', /*i18n*/ { id: 'accounts.activation.linkInvalid', message: 'The activation link is invalid or has expired.' });
  }
  await db.transaction((tx) => activateAccount(tx, userId));
}

/** Sends the activation mail again, unless the account is already active. */
export async function resendActivation(db: Db, config: Config, mailLocale: Locale, user: UserRow): Promise<void> {
  if (user.activated) refuse('invalid', /*i18n*/ { id: 'accounts.activation.alreadyActive', message: 'The account is already activated.' });
  await sendActivation(db, config, mailLocale, user);
}

/** Activation mails one address may be sent by e-mail alone, per hour, whoever asks (scaled by RATE_LIMIT_SCALE; the route also limits per client). */
export const ACTIVATION_MAILS_PER_ADDRESS_HOUR = 3;

/**
 * "Resend the activation mail" for a visitor who is not signed in (the page after sign-up): mails a fresh link to
 * an account of that address still waiting for activation. The answer is the same whether such an account exists,
 * is already active or was mailed too often, so the call tells nobody which addresses have accounts.
 */
export async function resendActivationByEmail(db: Db, config: Config, mailLocale: Locale, input: string): Promise<void> {
  const email = normalizeEmail(input);
  const emailRefusal = emailRuleMessage(email);
  if (emailRefusal) refuseFields({ email: [emailRefusal] });
  if (config.rateLimitScale !== 0) {
    const sent = await addHits(db, `activation-mail|${email}`, 60 * 60);
    if (sent.hits > Math.max(1, Math.round(ACTIVATION_MAILS_PER_ADDRESS_HOUR * config.rateLimitScale))) return;
  }
  const [user] = await db.select({ id: users.id, email: users.email, activated: users.activated }).from(users).where(eq(users.email, email));
  if (!user || user.activated) return;
  void sendActivation(db, config, mailLocale, user).catch((error: unknown) => log.error('activation mail failed', error));
}
