// The server's words for an e-mail address the shared rule (src/domain/email.ts) refuses: the broken part and how
// to fix it, the same as the forms say, so a claim, a sign-up and a password recovery refuse alike.
import { emailProblem, type EmailProblem } from '../../src/domain/email.ts';
import type { Text } from '../i18n/text.ts';

const EMAIL_RULES: Record<EmailProblem, Text> = {
  email_too_long: /*i18n*/ { id: 'email.address.tooLong', message: 'An e-mail address has at most 254 characters.' },
  email_spaces: /*i18n*/ { id: 'email.address.spaces', message: 'An e-mail address has no spaces: remove them.' },
  email_at: /*i18n*/ {
    id: 'email.address.at',
    message: 'An e-mail address has one @ between the name and the domain, as in name@example.com.',
  },
  email_local_part: /*i18n*/ {
    id: 'email.address.localPart',
    message: 'Put the mailbox name before the @ (1 to 64 characters), as in name@example.com.',
  },
  email_domain: /*i18n*/ {
    id: 'email.address.domain',
    message: 'After the @ comes a domain with a dot, such as example.com: check it for a typo.',
  },
};

/** Why `input` is no address we accept, as a Text, or null when it is one. */
export function emailRuleMessage(input: string): Text | null {
  const problem = emailProblem(input);
  return problem === null ? null : EMAIL_RULES[problem];
}
