// The account mails in both languages. Links carry the locale prefix so the page opens in the mail's language.
import type { OutgoingMail } from './send.ts';

type Locale = 'ru' | 'en';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function localePrefix(locale: Locale): string {
  return locale === 'en' ? '/en' : '';
}

export function activationLink(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl}${localePrefix(locale)}/activate/${encodeURIComponent(token)}`;
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
    lead: 'Вы зарегистрировались в обменном сервисе. Чтобы активировать аккаунт, перейдите по ссылке (она действует 3 дня):',
    action: 'Активировать аккаунт',
    tail: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
  },
  en: {
    subject: 'Confirm your registration',
    lead: 'You have signed up for the exchange service. To activate your account, follow the link (valid for 3 days):',
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

export function activationMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('activation', locale, to, link, ACTIVATION[locale]);
}

export function restoreMail(locale: Locale, to: string, link: string): OutgoingMail {
  return compose('restore', locale, to, link, RESTORE[locale]);
}
