// The server's words for an e-mail address the shared rule (src/domain/email.ts) refuses: the broken part and how
// to fix it, the same as the forms say, so a claim, a sign-up and a password recovery refuse alike.
import { emailProblem, type EmailProblem } from '../../src/domain/email.ts';
import { tr, type Locale, type Texts } from '../i18n/texts.ts';

const EMAIL_RULES: Record<EmailProblem, Texts> = {
  email_too_long: { ru: 'Адрес e-mail — не длиннее 254 символов.', en: 'An e-mail address has at most 254 characters.' },
  email_spaces: { ru: 'В адресе e-mail не бывает пробелов: уберите их.', en: 'An e-mail address has no spaces: remove them.' },
  email_at: {
    ru: 'В адресе e-mail один знак @ между именем и доменом, например name@example.com.',
    en: 'An e-mail address has one @ between the name and the domain, as in name@example.com.',
  },
  email_local_part: {
    ru: 'Перед @ укажите имя ящика (от 1 до 64 символов), например name@example.com.',
    en: 'Put the mailbox name before the @ (1 to 64 characters), as in name@example.com.',
  },
  email_domain: {
    ru: 'После @ идёт домен с точкой, например example.com: проверьте, нет ли опечатки.',
    en: 'After the @ comes a domain with a dot, such as example.com: check it for a typo.',
  },
};

/** Why `input` is no address we accept, in the caller's language, or null when it is one. */
export function emailRuleMessage(input: string, locale: Locale): string | null {
  const problem = emailProblem(input);
  return problem === null ? null : tr(locale, EMAIL_RULES[problem]);
}
