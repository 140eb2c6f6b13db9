import { describe, expect, it } from 'vitest';
import { errorsFromBody, withoutError } from '../../machines/formErrors.ts';

describe('errorsFromBody', () => {
  it('puts known fields under their inputs and the rest above the form', () => {
    expect(errorsFromBody({ email: ['Taken', 'Other'], extra: [['Nested']] }, ['email', 'password'])).toEqual({
      email: { code: 'server', message: 'Taken' },
      detail: { code: 'server', message: 'Nested' },
    });
  });

  it('prefers detail, then non_field_errors, over other keys for the general error', () => {
    expect(errorsFromBody({ other: 'A', non_field_errors: ['B'] }, [])).toEqual({
      detail: { code: 'server', message: 'B' },
    });
    expect(errorsFromBody({ non_field_errors: ['B'], detail: 'C' }, [])).toEqual({
      detail: { code: 'server', message: 'C' },
    });
  });

  it('tells a network failure from any other failure without a message', () => {
    expect(errorsFromBody({ code: 'network_error' }, ['email'])).toEqual({ detail: { code: 'network_error' } });
    expect(errorsFromBody({ code: 'http_502' }, ['email'])).toEqual({ detail: { code: 'unknown' } });
    expect(errorsFromBody(undefined, ['email'])).toEqual({ detail: { code: 'unknown' } });
  });
});

describe('withoutError', () => {
  it('drops the named errors and keeps the same object when there is nothing to drop', () => {
    const errors = { email: { code: 'required' as const }, detail: { code: 'unknown' as const } };
    expect(withoutError(errors, 'email')).toEqual({ detail: { code: 'unknown' } });
    expect(withoutError(errors, 'email', 'detail')).toEqual({});
    expect(withoutError(errors, 'password')).toBe(errors);
  });
});
