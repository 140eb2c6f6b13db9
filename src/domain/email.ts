// The one e-mail rule of browser and server: an address is compared trimmed and lowercased, and must look like
// one (a local part, a domain with at least one dot, a top-level label of two or more characters); the mail
// sent to it proves the rest.

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/** A domain: labels joined by dots, the last of two characters or more. */
const DOMAIN_PATTERN = /^(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

/** Which rule an address breaks, so a form can say what to fix. */
export type EmailProblem = 'email_too_long' | 'email_spaces' | 'email_at' | 'email_local_part' | 'email_domain';

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Whether `input` (as typed: surrounding spaces and capitals allowed) is an address we accept. */
export function emailValid(input: string): boolean {
  return emailProblem(input) === null;
}

/**
 * The first rule `input` breaks, or null for an address we accept: at most 254 characters, no spaces inside, one
 * @, a mailbox name of 1 to 64 characters before it, a domain such as example.com after it. An empty input breaks
 * the @ rule; forms say "required" before asking this.
 */
export function emailProblem(input: string): EmailProblem | null {
  const email = normalizeEmail(input);
  if (email.length > EMAIL_MAX_LENGTH) return 'email_too_long';
  if (/\s/.test(email)) return 'email_spaces';
  const parts = email.split('@');
  if (parts.length !== 2) return 'email_at';
  const [local = '', domain = ''] = parts;
  if (local.length === 0 || local.length > LOCAL_PART_MAX_LENGTH) return 'email_local_part';
  return DOMAIN_PATTERN.test(domain) ? null : 'email_domain';
}
