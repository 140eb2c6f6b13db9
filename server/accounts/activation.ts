// Activation by mail: the link's token proves the address; activating adopts the e-mail's earlier claims.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../db/schema/users.ts';
import { consumeMailToken, issueMailToken } from '../auth/mailTokens.ts';
import { tr, type Locale } from '../i18n/texts.ts';
import { mailSettingsOf, sendMail } from '../mail/send.ts';
import { activationLink, activationMail } from './mails.ts';
import { refuse } from '../shared/errors.ts';
import { activateAccount } from './activateAccount.ts';

/** Mails the account a fresh activation link in the caller's language. */
export async function sendActivation(db: Db, config: Config, locale: Locale, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const token = await issueMailToken(db, user.id, 'activation');
  await sendMail(mailSettingsOf(config), activationMail(locale, user.email, activationLink(config.publicUrl, locale, token)));
}

/** Activates the account of a mailed link; `token` is null when the link's token was malformed. */
export async function activateByToken(db: Db, token: string | null, locale: Locale): Promise<void> {
  const userId = token ? await consumeMailToken(db, token, 'activation') : null;
  if (userId === null) {
    refuse('invalid', tr(locale, { ru: 'Ссылка активации недействительна или устарела.', en: 'The activation link is invalid or has expired.' }));
  }
  await db.transaction((tx) => activateAccount(tx, userId));
}

/** Sends the activation mail again, unless the account is already active. */
export async function resendActivation(db: Db, config: Config, locale: Locale, user: UserRow): Promise<void> {
  if (user.activated) refuse('invalid', tr(locale, { ru: 'Аккаунт уже активирован.', en: 'The account is already activated.' }));
  await sendActivation(db, config, locale, user);
}
