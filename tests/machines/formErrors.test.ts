import { describe, expect, it } from 'vitest';
import { emailError, withoutError } from '../../machines/formErrors.ts';

describe('withoutError', () => {
  it('drops the named errors and keeps the same object when there is nothing to drop', () => {
    const errors = { email: { code: 'required' as const }, detail: { code: 'unknown' as const } };
    expect(withoutError(errors, 'email')).toEqual({ detail: { code: 'unknown' } });
    expect(withoutError(errors, 'email', 'detail')).toEqual({});
    expect(withoutError(errors, 'password')).toBe(errors);
  });
});

describe('emailError', () => {
  it('asks for an address, then for one the shared rule accepts', () => {
    expect(emailError('  ')).toEqual({ code: 'required' });
    expect(emailError('a@b.c')).toEqual({ code: 'email_invalid' });
    expect(emailError(' Me@Example.com ')).toBeNull();
  });
});
