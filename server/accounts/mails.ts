// The account mails, rendered in the recipient's language (the one the request was made in) from the server catalogs.
// Links carry the locale prefix so the page opens in the mail's language.
import type { Text } from '../i18n/text.ts';
import { translate, type Locale } from '../i18n/translate.ts';
import { BRAND_NAME } from '../../src/domain/brand.ts';
import type { OutgoingMail } from '../mail/send.ts';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function localePrefix(locale: Locale): string {
  return locale === 'en' ? '/en' : '';
}

export function activationLink(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl}${localePrefix(locale)}/activate/${encodeURIComponent(token)}`;
}

/** The page where an owner who forgot the password asks for a new one. */
export function recoverPageLink(publicUrl: string, locale: Locale): string {
  return `${publicUrl}${localePrefix(locale)}/recover`;
}

export function restoreLink(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl}${localePrefix(locale)}/recover?token=${encodeURIComponent(token)}`;
}

/** A mail's words as Texts, rendered in the recipient's language by compose. */
interface Wording {
  subject: Text;
  lead: Text;
  action: Text;
  tail: Text;
}

function compose(kind: string, locale: Locale, to: string, link: string, wording: Wording): OutgoingMail {
  const words = {
    subject: translate(locale, wording.subject),
    lead: translate(locale, wording.lead),
    action: translate(locale, wording.action),
    tail: translate(locale, wording.tail),
  };
  const text = `${words.lead}\n\n${link}\n\n${words.tail}\n`;
  const html =
    `<p>${escapeHtml(words.lead)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>` +
    `<p style="color:#555">${escapeHtml(words.tail)}</p>`;
  return { kind, locale, to, subject: words.subject, text, html, link };
}

const ACTIVATION: Wording = {
  subject: /*i18n*/ { id: 'accounts.activationMail.subject', message: 'Confirm your registration' },
  lead: /*i18n*/ {
    id: 'accounts.activationMail.lead',
    message: 'You have signed up for {brand}. To activate your account, follow the link (valid for 3 days):',
    values: { brand: BRAND_NAME },
  },
  action: /*i18n*/ { id: 'accounts.activationMail.action', message: 'Activate account' },
  tail: /*i18n*/ { id: 'accounts.activationMail.tail', message: 'If you did not sign up, simply ignore this e-mail.' },
};

const RESTORE: Wording = {
  subject: /*i18n*/ { id: 'accounts.restoreMail.subject', message: 'Password recovery' },
  lead: /*i18n*/ {
    id: 'accounts.restoreMail.lead',
    message: 'We received a request to change your password. To set a new one, follow the link (valid for 1 hour):',
  },
  action: /*i18n*/ { id: 'accounts.restoreMail.action', message: 'Set a new password' },
  tail: /*i18n*/ { id: 'accounts.restoreMail.tail', message: 'If you did not ask for this, ignore this e-mail: your password stays the same.' },
};

// Sign-up answers alike for a new and a registered address; the owner of a registered one learns of it here.
const SIGNUP_ATTEMPT: Wording = {
  subject: /*i18n*/ { id: 'accounts.signupAttemptMail.subject', message: 'Someone tried to register with your address' },
  lead: /*i18n*/ {
    id: 'accounts.signupAttemptMail.lead',
    message:
      'Someone tried to sign up for {brand} with your e-mail, but you already have an account with it. If it was you and you forgot the password, recover it:',
    values: { brand: BRAND_NAME },
  },
  action: /*i18n*/ { id: 'accounts.signupAttemptMail.action', message: 'Recover the password' },
  tail: /*i18n*/ { id: 'accounts.signupAttemptMail.tail', message: 'If it was not you, there is nothing to do: your account has not changed.' },
};

export function signupAttemptMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('signup_attempt', locale, to, link, SIGNUP_ATTEMPT);
}

export function activationMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('activation', locale, to, link, ACTIVATION);
}

export function restoreMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('restore', locale, to, link, RESTORE);
}
