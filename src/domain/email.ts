// The one e-mail rule of browser and server: an address is compared trimmed and lowercased, and must look like
// one (a local part, a domain with at least one dot, a top-level label of two or more characters); the mail
// sent to it proves the rest.

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

const EMAIL_PATTERN = new RegExp(`^[^\\s@]{1,${LOCAL_PART_MAX_LENGTH}}@(?:[^\\s@.]+\\.)+[^\\s@.]{2,}$`);

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Whether `input` (as typed: surrounding spaces and capitals allowed) is an address we accept. */
export function emailValid(input: string): boolean {
  const email = normalizeEmail(input);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
