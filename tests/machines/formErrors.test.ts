import { describe, expect, it } from 'vitest';
import { emailError, hasErrors, newPasswordErrors, requiredErrors, withoutError } from '../../machines/formErrors.ts';

describe('withoutError', () => {
  it('drops the named errors and keeps the same object when there is nothing to drop', () => {
    const errors = { email: { code: 'required' as const }, detail: { code: 'unknown' as const } };
    expect(withoutError(errors, 'email')).toEqual({ detail: { code: 'unknown' } });
    expect(withoutError(errors, 'email', 'detail')).toEqual({});
    expect(withoutError(errors, 'password')).toBe(errors);
  });

  it('drops those of the named errors that are there, the others being absent', () => {
    const errors = { email: { code: 'required' as const }, detail: { code: 'unknown' as const } };
    expect(withoutError(errors, 'password', 'email')).toEqual({ detail: { code: 'unknown' } });
    expect(errors).toHaveProperty('email');
  });
});

describe('requiredErrors', () => {
  it('marks each listed field that is blank or only spaces, and no other', () => {
    const values = { email: '', password: '  ', name: 'Ivan', note: '' };
    expect(requiredErrors(values, ['email', 'password', 'name'])).toEqual({
      email: { code: 'required' },
      password: { code: 'required' },
    });
    expect(requiredErrors(values, ['name'])).toEqual({});
  });
});

describe('hasErrors', () => {
  it('tells a form with an error from one without', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: { code: 'required' } })).toBe(true);
  });
});

describe('emailError', () => {
  it('asks for an address, then for one the shared rule accepts', () => {
    expect(emailError('  ')).toEqual({ code: 'required' });
    expect(emailError('a@b.c')).toEqual({ code: 'email_domain' });
    expect(emailError(' Me@Example.com ')).toBeNull();
  });
});

describe('newPasswordErrors', () => {
  it('names the rules a typed password breaks and a typed confirmation that differs, leaving empty fields to "required"', () => {
    expect(newPasswordErrors('', '')).toEqual({});
    expect(newPasswordErrors('short', 'other')).toEqual({
      password: { code: 'password_rules', broken: ['length', 'digit'] },
      passwordConfirm: { code: 'mismatch' },
    });
    expect(newPasswordErrors('long-secret1', '')).toEqual({});
    expect(newPasswordErrors('long-secret1', 'long-secret1')).toEqual({});
  });
});
