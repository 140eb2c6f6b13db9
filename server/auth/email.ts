// E-mail addresses are compared lowercased and must look like an address (the mail proves the rest).
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

export function emailValid(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
