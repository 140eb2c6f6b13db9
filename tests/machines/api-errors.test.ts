// The one mapper from a failed call's body to what a form shows (src/api/errors.ts), used by every form machine.
import { describe, expect, it } from 'vitest';
import { errorBody, errorsFromBody, failureCodeOf, firstMessage, generalMessage } from '../../src/api/errors.ts';

describe('firstMessage', () => {
  it('takes a message, or the first of a list however deep, and nothing else', () => {
    expect(firstMessage('A')).toBe('A');
    expect(firstMessage([['B', 'C'], 'D'])).toBe('B');
    expect(firstMessage({ card: ['E'] })).toBeNull();
    expect(firstMessage([])).toBeNull();
    expect(firstMessage(7)).toBeNull();
  });
});

describe('errorsFromBody for a form with its fields', () => {
  it('puts known fields under their inputs and the rest above the form', () => {
    expect(errorsFromBody({ email: ['Taken', 'Other'], extra: [['Nested']] }, ['email', 'password'])).toEqual({
      email: { code: 'server', message: 'Taken' },
      detail: { code: 'server', message: 'Nested' },
    });
  });

  it('prefers detail, then non_field_errors, over other keys for the general error', () => {
    expect(errorsFromBody({ other: 'A', non_field_errors: ['B'] }, [])).toEqual({ detail: { code: 'server', message: 'B' } });
    expect(errorsFromBody({ non_field_errors: ['B'], detail: 'C' }, [])).toEqual({ detail: { code: 'server', message: 'C' } });
    expect(errorsFromBody({ other: 'A', more: 'B' }, [])).toEqual({ detail: { code: 'server', message: 'A' } });
  });

  it('shows a nested message the form has no input for above the form', () => {
    expect(errorsFromBody({ requisites: { card: ['Check digit.'] } }, ['requisites'])).toEqual({
      detail: { code: 'server', message: 'Check digit.' },
    });
  });

  it('keeps a field message and the general one side by side', () => {
    expect(errorsFromBody({ password: 'Weak.', detail: 'Refused.', code: 'weak' }, ['password'])).toEqual({
      password: { code: 'server', message: 'Weak.' },
      detail: { code: 'server', message: 'Refused.' },
    });
  });

  it('tells a network failure from any other failure without a message', () => {
    expect(errorsFromBody({ code: 'network_error' }, ['email'])).toEqual({ detail: { code: 'network_error' } });
    expect(errorsFromBody({ code: 'http_502' }, ['email'])).toEqual({ detail: { code: 'unknown' } });
    expect(errorsFromBody(undefined, ['email'])).toEqual({ detail: { code: 'unknown' } });
    expect(errorsFromBody(['not', 'a', 'body'], ['email'])).toEqual({ detail: { code: 'unknown' } });
  });
});

describe('errorsFromBody where every key is a field (the calculator)', () => {
  it('names nested fields by dotted keys and skips the ignored ones', () => {
    expect(
      errorsFromBody({ email: ['Bad.'], toRequisites: { card: ['Check digit.'], memo: 'Too long.' }, course: '80.1' }, undefined, ['course']),
    ).toEqual({
      email: { code: 'server', message: 'Bad.' },
      'toRequisites.card': { code: 'server', message: 'Check digit.' },
      'toRequisites.memo': { code: 'server', message: 'Too long.' },
    });
  });

  it('puts non_field_errors under detail, never beside a detail', () => {
    expect(errorsFromBody({ non_field_errors: ['Paused.'] })).toEqual({ detail: { code: 'server', message: 'Paused.' } });
    expect(errorsFromBody({ non_field_errors: ['Paused.'], detail: 'Closed.' })).toEqual({ detail: { code: 'server', message: 'Closed.' } });
  });
});

describe('generalMessage', () => {
  it('is the message a page shows: detail, else non_field_errors, else the first field message', () => {
    expect(generalMessage({ detail: 'Done.' })).toBe('Done.');
    expect(generalMessage({ file: ['Too large.'], code: 'file_too_large' })).toBe('Too large.');
    expect(generalMessage({ code: 'network_error' })).toBeNull();
    expect(generalMessage(null)).toBeNull();
  });
});

describe('failureCodeOf', () => {
  it('reads the code of a body, or the fallback', () => {
    expect(failureCodeOf({ code: 'token_not_valid' })).toBe('token_not_valid');
    expect(failureCodeOf({ detail: 'x' })).toBe('unknown');
    expect(failureCodeOf(undefined, 'logout_failed')).toBe('logout_failed');
    expect(failureCodeOf({ code: 5 }, '')).toBe('');
  });
});

describe('errorBody', () => {
  function httpFailure(response: Response, data?: unknown) {
    return Object.assign(new Error('failed'), { name: 'HTTPError', response, data });
  }

  it('keeps the body the server sent', async () => {
    const body = { email: ['Taken.'], code: 'invalid' };
    expect(await errorBody(httpFailure(new Response(null, { status: 400 }), body))).toEqual(body);
  });

  it('gives only the status code when the server sent no body, never its English status text', async () => {
    const failure = httpFailure(new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect(await errorBody(failure)).toEqual({ code: 'http_502' });
    expect(generalMessage(await errorBody(failure))).toBeNull();
  });

  it('calls anything else a network error', async () => {
    expect(await errorBody(new TypeError('Failed to fetch'))).toEqual({ code: 'network_error' });
  });
});
