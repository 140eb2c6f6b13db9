// The account mails in both languages. Links carry the locale prefix so the page opens in the mail's language.
import type { Locale } from '../i18n/texts.ts';
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

interface Wording {
  subject: string;
  lead: string;
  action: string;
  tail: string;
}

function compose(kind: string, locale: Locale, to: string, link: string, words: Wording): OutgoingMail {
  const text = `${words.lead}\n\n${link}\n\n${words.tail}\n`;
  const html =
    `<p>${escapeHtml(words.lead)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>` +
    `<p style="color:#555">${escapeHtml(words.tail)}</p>`;
  return { kind, locale, to, subject: words.subject, text, html, link };
}

const ACTIVATION: Record<Locale, Wording> = {
  ru: {
    subject: 'Подтверждение регистрации',
    lead: `Вы зарегистрировались в обменном сервисе ${BRAND_NAME}. Чтобы активировать аккаунт, перейдите по ссылке (она действует 3 дня):`,
    action: 'Активировать аккаунт',
    tail: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
  },
  en: {
    subject: 'Confirm your registration',
    lead: `You have signed up for ${BRAND_NAME}. To activate your account, follow the link (valid for 3 days):`,
    action: 'Activate account',
    tail: 'If you did not sign up, simply ignore this e-mail.',
  },
};

const RESTORE: Record<Locale, Wording> = {
  ru: {
    subject: 'Восстановление пароля',
    lead: 'Мы получили запрос на смену пароля. Чтобы задать новый пароль, перейдите по ссылке (она действует 1 час):',
    action: 'Задать новый пароль',
    tail: 'Если вы не запрашивали смену пароля, проигнорируйте это письмо: пароль останется прежним.',
  },
  en: {
    subject: 'Password recovery',
    lead: 'We received a request to change your password. To set a new one, follow the link (valid for 1 hour):',
    action: 'Set a new password',
    tail: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
  },
};

// Sign-up answers alike for a new and a registered address; the owner of a registered one learns of it here.
const SIGNUP_ATTEMPT: Record<Locale, Wording> = {
  ru: {
    subject: 'Попытка регистрации с вашим адресом',
    lead: `Кто-то пытался зарегистрироваться в обменном сервисе ${BRAND_NAME} с вашим e-mail, но аккаунт с этим адресом у вас уже есть. Если это были вы и вы забыли пароль, восстановите его:`,
    action: 'Восстановить пароль',
    tail: 'Если это были не вы, ничего делать не нужно: ваш аккаунт не изменился.',
  },
  en: {
    subject: 'Someone tried to register with your address',
    lead: `Someone tried to sign up for ${BRAND_NAME} with your e-mail, but you already have an account with it. If it was you and you forgot the password, recover it:`,
    action: 'Recover the password',
    tail: 'If it was not you, there is nothing to do: your account has not changed.',
  },
};

export function signupAttemptMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('signup_attempt', locale, to, link, SIGNUP_ATTEMPT[locale]);
}

export function activationMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('activation', locale, to, link, ACTIVATION[locale]);
}

export function restoreMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('restore', locale, to, link, RESTORE[locale]);
}
