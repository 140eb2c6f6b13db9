// The calculator's pure rules, beside the chart's transition tests: error bodies, the refusal that reloads the
// course, the note that explains a clamped amount, the e-mail rule.
import { describe, expect, it } from 'vitest';
import { amountNoteOf, claimErrorsFromBody, formErrors, initialContext, pricesMoved } from '../../machines/calculatorRules.ts';

describe('claimErrorsFromBody', () => {
  it('takes the first item of an array and names nested requisites by dotted keys', () => {
    expect(
      claimErrorsFromBody({ email: ['Bad e-mail.', 'Second.'], toRequisites: { card: ['Check digit.'] } }),
    ).toEqual({
      email: { code: 'server', message: 'Bad e-mail.' },
      'toRequisites.card': { code: 'server', message: 'Check digit.' },
    });
  });

  it('puts non-field errors under detail and ignores code and course', () => {
    expect(claimErrorsFromBody({ non_field_errors: ['Paused.'], code: 'course_changed', course: '80' })).toEqual({
      detail: { code: 'server', message: 'Paused.' },
    });
  });

  it('answers a general error when nothing is usable, a network one for a network failure', () => {
    expect(claimErrorsFromBody(undefined)).toEqual({ detail: { code: 'unknown' } });
    expect(claimErrorsFromBody({ code: 'network_error' })).toEqual({ detail: { code: 'network_error' } });
  });
});

describe('pricesMoved', () => {
  it('is true for a moved course or an amount refused by limits or reserve, false otherwise', () => {
    expect(pricesMoved({ code: 'course_changed' })).toBe(true);
    expect(pricesMoved({ fromSumma: ['Below the minimum.'] })).toBe(true);
    expect(pricesMoved({ toSumma: ['Not enough reserve.'] })).toBe(true);
    expect(pricesMoved({ email: ['Bad e-mail.'] })).toBe(false);
    expect(pricesMoved(undefined)).toBe(false);
  });
});

describe('amountNoteOf', () => {
  it('says whether the amount was raised, lowered, unreadable, or leaves no note', () => {
    expect(amountNoteOf('0.0001', '0.0005')).toEqual({ code: 'raised_to_min', amount: '0.0005' });
    expect(amountNoteOf('5', '0.17')).toEqual({ code: 'lowered_to_max', amount: '0.17' });
    expect(amountNoteOf(null, '0.0005')).toEqual({ code: 'unreadable_to_min', amount: '0.0005' });
    expect(amountNoteOf('0.01', '0.01')).toBeNull();
    expect(amountNoteOf('0.01', null)).toBeNull();
  });
});

describe('formErrors: the e-mail', () => {
  const errorOf = (email: string) => formErrors({ ...initialContext({ curFrom: '', curTo: '' }), email }).email;

  it('follows the shared e-mail rule: a one-letter top-level label is refused as on the server', () => {
    expect(errorOf('a@b.c')).toEqual({ code: 'invalid' });
    expect(errorOf('a@b.co')).toBeUndefined();
    expect(errorOf('  ')).toEqual({ code: 'required' });
  });
});
