import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailProblem, emailValid, normalizeEmail } from '../../src/domain/email.ts';

describe('emailValid', () => {
  it.each(['user@example.com', 'first.last+tag@mail.example.co', 'a@b.co', '  Mixed@Example.ORG  ', 'имя@почта.рф'])(
    'accepts %s',
    (email) => expect(emailValid(email)).toBe(true),
  );

  it.each([
    ['a one-letter top-level label', 'a@b.c'],
    ['no dot in the domain', 'user@localhost'],
    ['no local part', '@example.com'],
    ['no domain', 'user@'],
    ['two @', 'user@@example.com'],
    ['a space inside', 'us er@example.com'],
    ['an empty domain label', 'user@example..com'],
    ['a domain starting with a dot', 'user@.example.com'],
    ['a trailing dot', 'user@example.com.'],
    ['empty', ''],
  ])('refuses %s', (_, email) => expect(emailValid(email)).toBe(false));

  it('accepts a local part of 64 characters and refuses 65', () => {
    expect(emailValid(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(emailValid(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it(`accepts an address of ${EMAIL_MAX_LENGTH} characters and refuses one longer`, () => {
    const domainOf = (length: number) => `${'d'.repeat(length - 4)}.com`;
    const local = 'a'.repeat(60);
    const longest = `${local}@${domainOf(EMAIL_MAX_LENGTH - local.length - 1)}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailValid(longest)).toBe(true);
    expect(emailValid(`${local}@d${domainOf(EMAIL_MAX_LENGTH - local.length - 1)}`)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases, so one address is one account', () => {
    expect(normalizeEmail('  User@Example.COM ')).toBe('user@example.com');
  });
});

describe('emailProblem', () => {
  it.each([
    ['email_spaces', 'us er@example.com'],
    ['email_at', 'user.example.com'],
    ['email_at', 'user@@example.com'],
    ['email_at', ''],
    ['email_local_part', '@example.com'],
    ['email_local_part', `${'a'.repeat(65)}@example.com`],
    ['email_domain', 'user@example'],
    ['email_domain', 'user@example.c'],
    ['email_domain', 'user@example..com'],
    ['email_domain', 'user@'],
    ['email_too_long', `${'a'.repeat(60)}@${'d'.repeat(200)}.com`],
  ] as const)('names %s for %s', (problem, email) => expect(emailProblem(email)).toBe(problem));

  it('names nothing for an address it accepts, as emailValid does', () => {
    expect(emailProblem('  Client@Example.com ')).toBeNull();
  });
});
