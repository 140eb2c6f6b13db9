// The calculator's pure rules, beside the chart's transition tests: error bodies, the refusal that reloads the
// course, the note that explains a clamped amount, the e-mail rule.
import { describe, expect, it } from 'vitest';
import {
  amountNoteOf,
  claimErrorsFromBody,
  claimRequestOf,
  formErrors,
  amountLeft,
  giveCurrencies,
  initialContext,
  pairLoaded,
  pricesMoved,
  receiveOptionsFromDirections,
  receiveOptionsLoaded,
  receiveTyped,
  startingPair,
  visibleFields,
  type CalculatorContext,
} from '../../machines/calculatorRules.ts';
import type { Currency, FormField, PairResponse } from '../../src/api/schemas/index.ts';

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
  it('says whether the amount was raised, lowered, or leaves no note', () => {
    expect(amountNoteOf('0.0001', '0.0005')).toEqual({ code: 'raised_to_min', amount: '0.0005' });
    expect(amountNoteOf('5', '0.17')).toEqual({ code: 'lowered_to_max', amount: '0.17' });
    expect(amountNoteOf('0.01', '0.01')).toBeNull();
    expect(amountNoteOf('0.01', null)).toBeNull();
  });
});

describe('formErrors: the e-mail', () => {
  const errorOf = (email: string) => formErrors({ ...initialContext({ curFrom: '', curTo: '' }), email }).email;

  it('follows the shared e-mail rule and names the broken part: a one-letter top-level label is refused as on the server', () => {
    expect(errorOf('a@b.c')).toEqual({ code: 'email_domain' });
    expect(errorOf('client.example.com')).toEqual({ code: 'email_at' });
    expect(errorOf('a@b.co')).toBeUndefined();
    expect(errorOf('  ')).toEqual({ code: 'required' });
  });
});

describe('formErrors: the amount', () => {
  const amountErrorOf = (give: string | null, giveText: string) =>
    formErrors({ ...initialContext({ curFrom: '', curTo: '' }), give, giveText }).fromSumma;

  it('tells an empty field, a text that is no number and a zero apart', () => {
    expect(amountErrorOf(null, '')).toEqual({ code: 'required' });
    expect(amountErrorOf(null, 'abc')).toEqual({ code: 'amount_not_number' });
    expect(amountErrorOf('0', '0')).toEqual({ code: 'amount_invalid' });
    expect(amountErrorOf('0.5', '0.5')).toBeUndefined();
  });
});

// ---------- a BTC → card pair, for the rules that read one ----------

function coin(id: number, code: string): Currency {
  return { id, code, name: code, network: null, kind: 'card', unit: code, icon: code.toLowerCase() };
}

function input(name: string, check: FormField['check'], visible = true, required = true): FormField {
  return { name, label: name, placeholder: '', check, visible, required };
}

const PAIR: PairResponse = {
  course: '9000000',
  verificationCourse: null,
  bonus: '0',
  reserve: '90000',
  updatedAt: '2026-01-01T00:00:00Z',
  from: {
    currency: coin(1, 'BTC'),
    min: '0.001',
    minVerification: null,
    max: '0.01',
    roundCalculator: 8,
    notify: null,
    structure: { input: [input('wallet', 'btc', false)], currency: [], network: [] },
  },
  to: {
    currency: coin(2, 'SBERRUB'),
    min: null,
    minVerification: null,
    max: null,
    roundCalculator: 2,
    notify: null,
    structure: { input: [input('card', 'card'), input('holder', 'name', true, false)], currency: [], network: [] },
  },
};

/** A form with the pair loaded and `patch` applied over it. */
function withPair(patch: Partial<CalculatorContext> = {}): CalculatorContext {
  const empty = initialContext({});
  return { ...empty, ...pairLoaded(empty, PAIR), fromId: 1, toId: 2, ...patch };
}

describe('calculatorRules: the empty form', () => {
  it('starts with nothing typed, loaded or noted', () => {
    expect(initialContext({})).toMatchObject({
      currencies: [],
      receiveOptions: [],
      giveText: '',
      receiveText: '',
      promocode: '',
      referral: '',
      notices: [],
      errors: {},
    });
  });

  it('has no visible fields for a side not loaded yet', () => {
    expect(visibleFields(undefined)).toEqual([]);
  });

  it('lists the give currencies in the order of the directions, skipping unknown ones', () => {
    const currencies = [coin(1, 'BTC'), coin(2, 'SBERRUB'), coin(4, 'USDT')];
    const directions = [
      { id: 4, ids: [2] },
      { id: 9, ids: [2] },
      { id: 1, ids: [2] },
    ];
    expect(giveCurrencies({ currencies, directions }).map((currency) => currency.code)).toEqual(['USDT', 'BTC']);
  });
});

describe('calculatorRules: formErrors at the edges', () => {
  const filled = { email: 'me@example.com', agreed: true, requisites: { from: {}, to: { card: '4111 1111 1111 1111' } } };

  it('accepts the maximum amount itself, and a receive amount equal to the reserve', () => {
    expect(formErrors(withPair({ ...filled, give: '0.01' }))).toEqual({});
    expect(formErrors(withPair({ ...filled, give: '0.01', pair: { ...PAIR, reserve: '90000' } }))).toEqual({});
    expect(formErrors(withPair({ ...filled, give: '0.01', pair: { ...PAIR, reserve: '89999.99' } }))).toEqual({
      toSumma: { code: 'above_reserve' },
    });
  });

  it('checks no limits before the pair gives them', () => {
    expect(formErrors({ ...initialContext({}), ...filled, give: '5' }).fromSumma).toBeUndefined();
  });

  it('requires a required requisite, counting spaces as nothing, and the agreement to the rules', () => {
    const errors = formErrors(withPair({ ...filled, agreed: false, give: '0.005', requisites: { from: {}, to: { card: '   ' } } }));
    expect(errors).toEqual({ 'toRequisites.card': { code: 'required' }, agree: { code: 'rules_and_aml_required' } });
  });
});

describe('calculatorRules: the claim request', () => {
  it('sends trimmed values, only the visible requisites, and the course the form showed', () => {
    const request = claimRequestOf(
      withPair({
        give: '0.005',
        email: ' me@example.com ',
        referral: ' REF1 ',
        promocode: ' PROMO ',
        requisites: { from: { wallet: 'hidden' }, to: { card: ' 4111 1111 1111 1111 ' } },
      }),
    );
    expect(request).toMatchObject({
      email: 'me@example.com',
      fromPs: 1,
      toPs: 2,
      fromSumma: '0.005',
      fromRequisites: {},
      toRequisites: { card: '4111 1111 1111 1111', holder: '' },
      refferal: 'REF1',
      promocode: 'PROMO',
      expectedCourse: '9000000',
    });
  });

  it('leaves out an empty promocode and referral, and a course it does not know', () => {
    const request = claimRequestOf({ ...withPair({ give: '0.005', promocode: '  ', referral: ' ' }), course: null });
    expect(request).not.toHaveProperty('promocode');
    expect(request).not.toHaveProperty('refferal');
    expect(request).not.toHaveProperty('expectedCourse');
  });
});

describe('calculatorRules: notes on an amount the form changed', () => {
  it('resets a typed amount to the minimum of a newly chosen pair and says so, but not on the first pair', () => {
    const first = initialContext({});
    expect(pairLoaded({ ...first, give: '0.005' }, PAIR)).toMatchObject({ give: '0.001', amountNote: null });
    expect(pairLoaded(withPair({ give: '0.005' }), PAIR)).toMatchObject({
      give: '0.001',
      amountNote: { code: 'pair_minimum', amount: '0.001' },
    });
    expect(pairLoaded(withPair({ give: '0.001' }), PAIR).amountNote).toBeNull();
    expect(pairLoaded(withPair({ give: null }), PAIR).amountNote).toBeNull();
  });

  it('on leaving the amount field, explains a change, and never turns a field without an amount into the minimum', () => {
    expect(amountLeft(withPair({ give: null, giveText: '' }))).toEqual({});
    expect(amountLeft(withPair({ give: null, giveText: ',' }))).toEqual({});
    expect(amountLeft(withPair({ give: '0.02', giveText: '0.02' })).amountNote).toEqual({ code: 'lowered_to_max', amount: '0.01' });
  });
});

describe('calculatorRules: choosing the pair to show', () => {
  const currencies = [coin(1, 'BTC'), coin(2, 'SBERRUB'), coin(3, 'TCSRUB'), coin(4, 'USDT')];
  const directions = [
    { id: 1, ids: [2, 3] },
    { id: 4, ids: [3] },
  ];
  const listed = { ...initialContext({}), currencies, directions };
  const settingsFor = (fromCurrencyId: number | null, toCurrencyId: number | null) => ({
    captchaClaim: true,
    exchangeAttributes: { fromCurrencyId, toCurrencyId },
  });

  it('starts from the deep link when it trades, else from the first direction and its first option', () => {
    const deepLink = settingsFor(1, 3) as Parameters<typeof startingPair>[1];
    expect(startingPair(listed, deepLink)).toEqual({ captchaRequired: true, fromId: 1, toId: 3 });
    expect(startingPair(listed, settingsFor(4, 2) as Parameters<typeof startingPair>[1])).toMatchObject({ fromId: 4, toId: 3 });
    expect(startingPair(listed, null)).toEqual({ captchaRequired: false, fromId: 1, toId: 2 });
    expect(startingPair({ ...initialContext({}) }, null)).toEqual({ captchaRequired: false, fromId: null, toId: null });
  });

  it('keeps the receive currency while it is still offered, else takes the first option', () => {
    expect(receiveOptionsLoaded({ ...listed, toId: 3 }, [coin(2, 'SBERRUB'), coin(3, 'TCSRUB')]).toId).toBe(3);
    expect(receiveOptionsLoaded({ ...listed, toId: 4 }, [coin(2, 'SBERRUB'), coin(3, 'TCSRUB')]).toId).toBe(2);
    expect(receiveOptionsLoaded({ ...listed, toId: 4 }, []).toId).toBeNull();
    expect(receiveOptionsFromDirections({ ...listed, fromId: 1, toId: 3 })).toEqual({
      receiveOptions: [coin(2, 'SBERRUB'), coin(3, 'TCSRUB')],
      toId: 3,
    });
    expect(receiveOptionsFromDirections({ ...listed, fromId: 4, toId: null }).toId).toBe(3);
    expect(receiveOptionsFromDirections({ ...listed, fromId: 9, toId: 2 })).toEqual({ receiveOptions: [], toId: null });
  });

  it('converts a typed receive amount back to give only once a pair and a course are known', () => {
    expect(receiveTyped(withPair(), '45000')).toMatchObject({ give: '0.00500000', giveText: '0.00500000', receiveText: '45000' });
    expect(receiveTyped(initialContext({}), '45000')).toMatchObject({ give: null, giveText: '' });
    expect(receiveTyped(withPair(), '45 000,')).toMatchObject({ give: '0.00500000', receiveText: '45000,' });
    expect(receiveTyped(withPair(), '')).toMatchObject({ give: null, giveText: '', receiveText: '' });
  });
});
