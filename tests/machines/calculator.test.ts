import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { calculatorMachine } from '../../machines/calculator.ts';
import { claimErrorsFromBody, directionLimitsOf, type CalculatorEvent, type CalculatorInput } from '../../machines/calculatorRules.ts';
import type {
  CourseResponse,
  CreateClaimRequest,
  Currency,
  DirectionsResponse,
  FormField,
  PairResponse,
  Reserve,
  SettingsResponse,
} from '../../src/api/schemas/index.ts';
import { CHECKSUM_VERIFIERS, type ChecksumVerifiers } from '../../src/domain/addressChecksums.ts';
import { limitsOf } from '../../src/domain/limits.ts';
import { giveFromReceive, receiveFromGive } from '../../src/domain/money.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';

// ---------- fixtures ----------

function currency(id: number, code: string, kind: Currency['kind'], unit: string): Currency {
  return { id, code, name: code, network: kind === 'crypto' ? code : null, kind, unit, icon: code.toLowerCase() };
}

const BTC = currency(1, 'BTC', 'crypto', 'BTC');
const SBER = currency(2, 'SBERRUB', 'card', 'RUB');
const TBANK = currency(3, 'TCSRUB', 'card', 'RUB');
const USDT = currency(4, 'USDTTRC20', 'crypto', 'USDT');

const DIRECTIONS: DirectionsResponse = {
  currencies: [BTC, SBER, TBANK, USDT],
  directions: [
    { id: 1, ids: [2, 3] },
    { id: 4, ids: [2] },
  ],
};

function field(name: string, check: FormField['check'], visible = true, required = true): FormField {
  return { name, label: name, placeholder: '', check, visible, required };
}

function pair(fromId: number, toId: number, overrides: Partial<PairResponse> = {}): PairResponse {
  const byId = new Map(DIRECTIONS.currencies.map((c) => [c.id, c]));
  return {
    course: '9000000',
    verificationCourse: '9100000',
    bonus: '0',
    reserve: '50000000',
    updatedAt: '2026-01-01T00:00:00Z',
    from: {
      currency: byId.get(fromId)!,
      min: '0.001',
      minVerification: '0.0005',
      max: '1',
      roundCalculator: 8,
      notify: null,
      structure: { input: [field('wallet', 'btc', false)], currency: [], network: [] },
    },
    to: {
      currency: byId.get(toId)!,
      min: null,
      minVerification: null,
      max: null,
      roundCalculator: 2,
      notify: 'Payouts take up to 15 minutes',
      structure: {
        input: [field('card', 'card'), field('holder', 'name', true, false), field('secret', 'text', false)],
        currency: [],
        network: [],
      },
    },
    ...overrides,
  };
}

function settings(fromCurrencyId: number | null = null, toCurrencyId: number | null = null, captchaClaim = false): SettingsResponse {
  return {
    contest: null,
    contestStatus: false,
    captchaLogin: false,
    captchaClaim,
    captchaSiteKey: null,
    usePublicId: false,
    exchangeAttributes: { fromCurrencyId, toCurrencyId },
    chat: null,
    analyticsCounter: null,
    supportEmail: 'support@example.com',
    demo: false,
  };
}

const RESERVES: Reserve[] = [{ id: 2, currency: SBER, amount: '50000000' }];
const VALID_CARD = '4111 1111 1111 1111';

// ---------- harness ----------

interface Fakes {
  directions?: () => Promise<DirectionsResponse>;
  settings?: (input: { curFrom: string | null; curTo: string | null }) => Promise<SettingsResponse>;
  options?: (input: { fromId: number }) => Promise<Currency[]>;
  pair?: (input: { fromId: number; toId: number }) => Promise<PairResponse>;
  course?: (input: { fromId: number; toId: number }) => Promise<CourseResponse>;
  reserves?: () => Promise<Reserve[]>;
  checksums?: () => Promise<ChecksumVerifiers>;
  /** The app's account watcher: given the machine's sendBack, returns its stop. */
  account?: (sendBack: (event: CalculatorEvent) => void) => () => void;
}

function optionsOf(fromId: number): Currency[] {
  const ids = DIRECTIONS.directions.find((d) => d.id === fromId)?.ids ?? [];
  return DIRECTIONS.currencies.filter((c) => ids.includes(c.id));
}

function start(fakes: Fakes = {}, input: CalculatorInput = {}) {
  const logged: { what: string; error: unknown }[] = [];
  const created: CreateClaimRequest[] = [];
  const createAnswers: Deferred<string>[] = [];
  const opened: string[] = [];
  const calls = { directions: 0, settings: [] as unknown[], options: [] as number[], pair: [] as string[], course: 0, checksums: 0 };
  const machine = calculatorMachine.provide({
    actors: {
      loadDirections: fromPromise(async () => {
        calls.directions += 1;
        return (fakes.directions ?? (async () => DIRECTIONS))();
      }),
      loadSettings: fromPromise(async ({ input }: { input: { curFrom: string | null; curTo: string | null } }) => {
        calls.settings.push(input);
        return (fakes.settings ?? (async () => settings()))(input);
      }),
      loadReceiveOptions: fromPromise(async ({ input }: { input: { fromId: number } }) => {
        calls.options.push(input.fromId);
        return (fakes.options ?? (async ({ fromId }) => optionsOf(fromId)))(input);
      }),
      loadPair: fromPromise(async ({ input }: { input: { fromId: number; toId: number } }) => {
        calls.pair.push(`${input.fromId}-${input.toId}`);
        return (fakes.pair ?? (async ({ fromId, toId }) => pair(fromId, toId)))(input);
      }),
      loadCourse: fromPromise(async ({ input }: { input: { fromId: number; toId: number } }) => {
        calls.course += 1;
        return (
          fakes.course ??
          (async () => ({ course: '9000000', verificationCourse: '9100000', updatedAt: '2026-01-01T00:00:00Z' }))
        )(input);
      }),
      loadReserves: fromPromise(async () => (fakes.reserves ?? (async () => RESERVES))()),
      loadAddressChecksums: fromPromise(async () => {
        calls.checksums += 1;
        return (fakes.checksums ?? (async () => CHECKSUM_VERIFIERS))();
      }),
      createClaim: fromPromise<string, CreateClaimRequest>(({ input }) => {
        created.push(input);
        const answer = deferred<string>();
        createAnswers.push(answer);
        return answer.promise;
      }),
      watchAccount: fromCallback<CalculatorEvent>(({ sendBack }) => fakes.account?.(sendBack)),
    },
    actions: {
      logError: (_, params) => logged.push(params),
      openClaim: (_, { uuid }) => opened.push(uuid),
    },
  });
  const actor = startMachine(machine, { input });
  return { actor, logged, created, createAnswers, opened, calls };
}

type Started = ReturnType<typeof start>;

/** Waits until the form has settled on a pair (ready) or on none (noPair), with the reserves loaded. */
async function ready(started: Started = start()): Promise<Started> {
  await waitFor(
    started.actor,
    (s) => (s.matches({ form: { active: 'ready' } }) || s.matches({ form: { active: 'noPair' } })) && s.matches({ reserves: 'ready' }),
  );
  return started;
}

function context(started: Started) {
  return started.actor.getSnapshot().context;
}

function fillValidForm(started: Started) {
  const { actor } = started;
  actor.send({ type: 'email.changed', value: 'client@example.com' });
  actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: VALID_CARD });
  actor.send({ type: 'agreement.changed', value: true });
}

afterEach(() => {
  vi.useRealTimers();
});

// ---------- tests ----------

describe('form.directions', () => {
  it('loads the directions, then the settings', async () => {
    const started = await ready();
    expect(started.calls.directions).toBe(1);
    expect(context(started).currencies).toHaveLength(4);
    expect(context(started).directions).toEqual(DIRECTIONS.directions);
  });

  it('logs a failure and waits as unavailable', async () => {
    const started = start({ directions: async () => Promise.reject(new Error('offline')) });
    await waitFor(started.actor, (s) => s.matches({ form: 'unavailable' }));
    expect(started.logged).toEqual([{ what: 'directions', error: new Error('offline') }]);
  });

  it('is tagged starting (and loading) until the settings are in', async () => {
    const settingsAnswer = deferred<SettingsResponse>();
    const started = start({ settings: () => settingsAnswer.promise });
    expect(started.actor.getSnapshot().hasTag('starting')).toBe(true);
    await waitFor(started.actor, (s) => s.matches({ form: 'settings' }));
    expect(started.actor.getSnapshot().hasTag('starting')).toBe(true);
    expect(started.actor.getSnapshot().hasTag('loading')).toBe(true);
    settingsAnswer.resolve(settings());
    await ready(started);
    expect(started.actor.getSnapshot().hasTag('starting')).toBe(false);
  });

  it('starts ready from a preloaded pair without asking for anything', async () => {
    const preloaded = { directions: DIRECTIONS, settings: settings(4, 2, true), receiveOptions: optionsOf(4), pair: pair(4, 2), reserves: RESERVES };
    const started = start({}, { preloaded });
    const snapshot = started.actor.getSnapshot();
    expect(snapshot.matches({ form: { active: { ready: 'idle' } } })).toBe(true);
    expect(snapshot.matches({ reserves: 'ready' })).toBe(true);
    expect(snapshot.hasTag('starting')).toBe(false);
    expect(started.calls).toEqual({ directions: 0, settings: [], options: [], pair: [], course: 0, checksums: 0 });
    expect(snapshot.context).toMatchObject({
      fromId: 4,
      toId: 2,
      captchaRequired: true,
      receiveOptions: optionsOf(4),
      reserves: RESERVES,
      give: '0.001',
      receiveText: receiveFromGive('0.001', '9000000', 2),
      notices: ['Payouts take up to 15 minutes'],
    });
  });

  it('asks only for the pair and the reserves when the preload lacks them', async () => {
    const preloaded = { directions: DIRECTIONS, settings: null, receiveOptions: optionsOf(1), pair: null, reserves: [] };
    const started = await ready(start({}, { preloaded }));
    expect(started.calls).toMatchObject({ directions: 0, settings: [], options: [], pair: ['1-2'] });
    expect(context(started)).toMatchObject({ fromId: 1, toId: 2, captchaRequired: false, reserves: RESERVES });
    expect(context(started).pair).not.toBeNull();
  });
});

describe('form.unavailable', () => {
  it('asks for the directions again after directionsRetry, showing nothing meanwhile', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const started = start({
      directions: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return DIRECTIONS;
      },
    });
    await waitFor(started.actor, (s) => s.matches({ form: 'unavailable' }));
    expect(started.actor.getSnapshot().hasTag('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await ready(started);
    expect(attempts).toBe(2);
  });
});

describe('form.settings', () => {
  it('without a deep link picks the first give currency and its first receive option', async () => {
    const started = await ready();
    expect(started.calls.settings).toEqual([{ curFrom: null, curTo: null }]);
    expect(context(started)).toMatchObject({ fromId: 1, toId: 2, captchaRequired: false });
  });

  it('with a deep link picks the ids the settings name for cur_from/cur_to', async () => {
    const started = await ready(
      start({ settings: async () => settings(4, 2) }, { curFrom: 'USDTTRC20', curTo: 'SBERRUB' }),
    );
    expect(started.calls.settings).toEqual([{ curFrom: 'USDTTRC20', curTo: 'SBERRUB' }]);
    expect(context(started)).toMatchObject({ fromId: 4, toId: 2 });
    expect(started.calls.pair).toEqual(['4-2']);
  });

  it('ignores ids of a pair that does not trade', async () => {
    const started = await ready(start({ settings: async () => settings(4, 3) }, { curFrom: 'USDTTRC20', curTo: 'TCSRUB' }));
    expect(context(started)).toMatchObject({ fromId: 4, toId: 2 });
  });

  it('switches the captcha on when the settings ask for it', async () => {
    const started = await ready(start({ settings: async () => settings(null, null, true) }));
    expect(context(started).captchaRequired).toBe(true);
  });

  it('logs a failure and still starts with the first pair', async () => {
    const started = await ready(start({ settings: async () => Promise.reject(new Error('500')) }));
    expect(started.logged.map((entry) => entry.what)).toEqual(['ids']);
    expect(context(started)).toMatchObject({ fromId: 1, toId: 2, captchaRequired: false });
  });
});

describe('form.active.options', () => {
  it('keeps the receive currency when the new give currency still offers it', async () => {
    const started = await ready();
    started.actor.send({ type: 'to.selected', id: 3 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }) && s.context.pair?.to.currency.id === 3);
    started.actor.send({ type: 'from.selected', id: 4 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }) && s.context.fromId === 4);
    // USDT trades only into Sberbank: the T-Bank choice cannot stay.
    expect(context(started).toId).toBe(2);
    expect(started.calls.options).toEqual([1, 4]);
    started.actor.send({ type: 'from.selected', id: 1 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }) && s.context.fromId === 1);
    expect(context(started).toId).toBe(2);
    expect(context(started).receiveOptions.map((c) => c.id)).toEqual([2, 3]);
  });

  it('ignores a give currency that is already chosen or unknown', async () => {
    const started = await ready();
    started.actor.send({ type: 'from.selected', id: 1 });
    started.actor.send({ type: 'from.selected', id: 99 });
    expect(started.actor.getSnapshot().matches({ form: { active: 'ready' } })).toBe(true);
    expect(started.calls.options).toEqual([1]);
  });

  it('falls back to the directions list when the options fail to load', async () => {
    const started = await ready(start({ options: async () => Promise.reject(new Error('timeout')) }));
    expect(started.logged.map((entry) => entry.what)).toEqual(['ids']);
    expect(context(started).receiveOptions.map((c) => c.id)).toEqual([2, 3]);
    expect(context(started)).toMatchObject({ toId: 2 });
    expect(context(started).pair).not.toBeNull();
  });

  it('keeps the chosen receive currency in the fallback when the directions offer it', async () => {
    let failing = false;
    const started = await ready(
      start({
        options: async ({ fromId }) => {
          if (failing) throw new Error('timeout');
          return optionsOf(fromId);
        },
      }),
    );
    started.actor.send({ type: 'to.selected', id: 3 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }) && s.context.pair?.to.currency.id === 3);
    failing = true;
    started.actor.send({ type: 'from.selected', id: 4 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }) && s.context.fromId === 4);
    expect(context(started).toId).toBe(2);
  });
});

describe('form.active.pair', () => {
  it('sets the give amount to the give-side minimum and computes the receive amount', async () => {
    const started = await ready();
    const ctx = context(started);
    expect(ctx.give).toBe('0.001');
    expect(ctx.giveText).toBe('0.001');
    expect(ctx.receiveText).toBe(receiveFromGive('0.001', '9000000', 2));
    expect(ctx.limits).toEqual({ give: { min: '0.001', max: '1' }, receive: { min: '9000.00', max: '9000000.00' } });
  });

  it('prepares one requisite entry per visible field and queues the notify texts', async () => {
    const started = await ready();
    expect(context(started).requisites).toEqual({ from: {}, to: { card: '', holder: '' } });
    expect(context(started).notices).toEqual(['Payouts take up to 15 minutes']);
  });

  it('logs a failed pair and leaves the pickers usable', async () => {
    let fail = true;
    const started = await ready(
      start({
        pair: async ({ fromId, toId }) => {
          if (fail) throw new Error('502');
          return pair(fromId, toId);
        },
      }),
    );
    expect(started.actor.getSnapshot().matches({ form: { active: 'noPair' } })).toBe(true);
    expect(context(started).pair).toBeNull();
    expect(started.actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    expect(started.logged.map((entry) => entry.what)).toEqual(['pair']);
    fail = false;
    started.actor.send({ type: 'to.selected', id: 3 });
    await waitFor(started.actor, (s) => s.context.pair !== null);
    expect(context(started).toId).toBe(3);
  });

  it('skips loading when the give currency offers nothing', async () => {
    const started = await ready(start({ options: async () => [] }));
    expect(context(started).toId).toBeNull();
    expect(started.calls.pair).toEqual([]);
    expect(started.actor.getSnapshot().matches({ form: { active: 'noPair' } })).toBe(true);
    expect(started.actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });

  it('forgets the previous pair when the new give currency offers nothing', async () => {
    const started = await ready(start({ options: async ({ fromId }) => (fromId === 4 ? [] : optionsOf(fromId)) }));
    expect(context(started).pair).not.toBeNull();
    started.actor.send({ type: 'from.selected', id: 4 });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'noPair' } }));
    expect(context(started)).toMatchObject({
      pair: null,
      course: null,
      verificationCourse: null,
      courseUpdatedAt: null,
      limits: null,
      toId: null,
    });
    expect(started.actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });
});

describe('form.active.ready', () => {
  it('computes receive from give with the receive side rounding (down)', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0,00123456' });
    expect(context(started)).toMatchObject({ give: '0.00123456', giveText: '0,00123456', receiveText: '11111.04' });
  });

  it('empties receive while give holds no amount', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '' });
    expect(context(started)).toMatchObject({ give: null, giveText: '', receiveText: '' });
  });

  it('takes a pasted amount with spaces and a comma, and a half-typed one', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0,5' });
    expect(context(started)).toMatchObject({ give: '0.5', giveText: '0,5' });
    started.actor.send({ type: 'give.changed', value: '1 0,' });
    expect(context(started)).toMatchObject({ give: '10', giveText: '10,', receiveText: '90000000.00' });
  });

  it('refuses letters or a second mark in an amount: the field keeps its text and says it is not a number', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.002' });
    started.actor.send({ type: 'give.changed', value: 'abc,1.2.3' });
    expect(context(started)).toMatchObject({ give: '0.002', giveText: '0.002', errors: { fromSumma: { code: 'amount_not_number' } } });
    started.actor.send({ type: 'receive.changed', value: '1.2.3' });
    expect(context(started)).toMatchObject({ give: '0.002', errors: { toSumma: { code: 'amount_not_number' } } });
    // Neither amount became the minimum; the next accepted keystroke clears both.
    started.actor.send({ type: 'give.blurred' });
    expect(context(started).give).toBe('0.002');
    started.actor.send({ type: 'give.changed', value: '0.0021' });
    expect(context(started).errors).toEqual({});
  });

  it("refuses more decimals than the side's currency has, naming how many it takes", async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.123456789' });
    expect(context(started)).toMatchObject({ give: '0.001', errors: { fromSumma: { code: 'amount_decimals', decimals: 8 } } });
    started.actor.send({ type: 'receive.changed', value: '100.505' });
    expect(context(started).errors.toSumma).toEqual({ code: 'amount_decimals', decimals: 2 });
    started.actor.send({ type: 'receive.changed', value: '100.50' });
    expect(context(started)).toMatchObject({ receiveText: '100.50', errors: {} });
  });

  it('computes give from receive and keeps the typed receive text', async () => {
    const started = await ready();
    started.actor.send({ type: 'receive.changed', value: '20 000' });
    expect(context(started)).toMatchObject({
      give: giveFromReceive('20000', '9000000', 8),
      giveText: '0.00222223',
      receiveText: '20000',
    });
    started.actor.send({ type: 'receive.changed', value: '' });
    expect(context(started)).toMatchObject({ give: null, giveText: '' });
  });

  it('clamps give into the limits when the give field is left', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.0001' });
    started.actor.send({ type: 'give.blurred' });
    expect(context(started)).toMatchObject({ give: '0.001', giveText: '0.001', receiveText: '9000.00' });
    started.actor.send({ type: 'give.changed', value: '5' });
    started.actor.send({ type: 'give.blurred' });
    expect(context(started)).toMatchObject({ give: '1', receiveText: '9000000.00' });
    // An emptied field stays empty: it never silently becomes the minimum.
    started.actor.send({ type: 'give.changed', value: '' });
    started.actor.send({ type: 'give.blurred' });
    expect(context(started)).toMatchObject({ give: null, giveText: '', amountNote: null });
  });

  it('converts a receive amount first and clamps it when the receive field is left', async () => {
    const started = await ready();
    started.actor.send({ type: 'receive.changed', value: '100' });
    started.actor.send({ type: 'receive.blurred' });
    expect(context(started)).toMatchObject({ give: '0.001', receiveText: '9000.00' });
  });

  it('uses the verified course and its minimum while the switch is on, and refetches the course', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.0007' });
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'verified.toggled' });
    expect(started.actor.getSnapshot().matches({ form: { active: { ready: 'course' } } })).toBe(true);
    expect(context(started)).toMatchObject({ verified: true, give: '0.0007', receiveText: receiveFromGive('0.0007', '9100000', 2) });
    expect(context(started).limits?.give.min).toBe('0.0005');
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }));
    expect(started.calls.course).toBe(1);
    started.actor.send({ type: 'verified.toggled' });
    // Back to the ordinary minimum: the amount is clamped up to it.
    expect(context(started)).toMatchObject({ verified: false, give: '0.001' });
  });

  it('keeps the switch off for a visitor not allowed the verified course (a guest, an account without a verified card)', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.0007' });
    started.actor.send({ type: 'verified.toggled' });
    expect(started.actor.getSnapshot().can({ type: 'verified.toggled' })).toBe(false);
    // Nothing is priced with it: the ordinary course and minimum stay, no course is fetched.
    expect(context(started)).toMatchObject({ verified: false, verifiedAllowed: false, give: '0.0007' });
    expect(started.calls.course).toBe(0);
    started.actor.send({ type: 'verified.eligibility', allowed: false });
    expect(context(started).verified).toBe(false);
  });

  it('turns the verified course off and prices with the ordinary one when the right is lost (signing out)', async () => {
    const started = await ready();
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'give.changed', value: '0.0007' });
    started.actor.send({ type: 'verified.toggled' });
    expect(context(started)).toMatchObject({ verified: true, give: '0.0007' });
    started.actor.send({ type: 'verified.eligibility', allowed: false });
    expect(context(started)).toMatchObject({ verified: false, verifiedAllowed: false, give: '0.001' });
    expect(context(started).limits?.give.min).toBe('0.001');
  });

  it('keeps the switch off when the pair has no verified course', async () => {
    const started = await ready(start({ pair: async ({ fromId, toId }) => pair(fromId, toId, { verificationCourse: null }) }));
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'verified.toggled' });
    expect(context(started).verified).toBe(false);
    expect(started.calls.course).toBe(0);
  });

  it('clears the error of the field being edited', async () => {
    const started = await ready();
    const { actor } = started;
    actor.send({ type: 'captcha.solved', token: '' });
    actor.send({ type: 'submit' });
    expect(Object.keys(context(started).errors).sort()).toEqual(['agree', 'email', 'toRequisites.card']);
    actor.send({ type: 'email.changed', value: 'x@example.com' });
    actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: '1' });
    actor.send({ type: 'agreement.changed', value: true });
    expect(context(started).errors).toEqual({});
    // A server error on the promo code and the referral clears the same way.
    actor.send({ type: 'give.changed', value: '0' });
    actor.send({ type: 'submit' });
    expect(context(started).errors).toMatchObject({
      fromSumma: { code: 'amount_invalid' },
      'toRequisites.card': { code: 'requisite', problem: 'card_length', check: 'card' },
    });
    actor.send({ type: 'give.changed', value: '0.002' });
    expect(context(started).errors.fromSumma).toBeUndefined();
    actor.send({ type: 'promocode.changed', value: 'SPRING' });
    actor.send({ type: 'referral.changed', value: 'PARTNER1' });
    expect(context(started)).toMatchObject({ promocode: 'SPRING', referral: 'PARTNER1' });
  });

  it('follows the account from the app\'s watcher for as long as the form runs, and stops it with the form', async () => {
    let tell: (event: CalculatorEvent) => void = () => undefined;
    const stopped = vi.fn();
    const started = await ready(
      start({
        account: (sendBack) => {
          tell = sendBack;
          return stopped;
        },
      }),
    );
    tell({ type: 'account.known', email: 'demo@exchanger.local' });
    tell({ type: 'verified.eligibility', allowed: true });
    expect(context(started)).toMatchObject({ email: 'demo@exchanger.local', verifiedAllowed: true });
    started.actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it("fills the e-mail with the signed-in user's address unless one was typed", async () => {
    const started = await ready();
    started.actor.send({ type: 'account.known', email: 'demo@exchanger.local' });
    expect(context(started).email).toBe('demo@exchanger.local');
    started.actor.send({ type: 'email.changed', value: 'other@example.com' });
    started.actor.send({ type: 'account.known', email: 'demo@exchanger.local' });
    expect(context(started).email).toBe('other@example.com');
  });

  it('names amounts outside the limits or above the reserve', async () => {
    const started = await ready(
      start({ pair: async ({ fromId, toId }) => pair(fromId, toId, { reserve: '10000' }) }),
    );
    fillValidForm(started);
    started.actor.send({ type: 'give.changed', value: '0.0001' });
    started.actor.send({ type: 'submit' });
    expect(context(started).errors).toEqual({ fromSumma: { code: 'below_min' } });
    started.actor.send({ type: 'give.changed', value: '2' });
    started.actor.send({ type: 'submit' });
    expect(context(started).errors).toEqual({ fromSumma: { code: 'above_max' } });
    started.actor.send({ type: 'give.changed', value: '0.002' });
    started.actor.send({ type: 'submit' });
    expect(context(started).errors).toEqual({ toSumma: { code: 'above_reserve' } });
    expect(started.created).toHaveLength(0);
  });

  it('asks for a solved captcha when the captcha is on', async () => {
    const started = await ready(start({ settings: async () => settings(null, null, true) }));
    fillValidForm(started);
    started.actor.send({ type: 'email.changed', value: 'not-an-email' });
    started.actor.send({ type: 'submit' });
    expect(context(started).errors).toEqual({ recaptcha: { code: 'required' }, email: { code: 'email_at' } });
    started.actor.send({ type: 'captcha.solved', token: 'token-1' });
    expect(context(started).errors).toEqual({ email: { code: 'email_at' } });
  });

  it('closes the notices one by one', async () => {
    const started = await ready(
      start({
        pair: async ({ fromId, toId }) => {
          const base = pair(fromId, toId);
          return { ...base, from: { ...base.from, notify: 'BTC needs 2 confirmations' } };
        },
      }),
    );
    expect(context(started).notices).toEqual(['BTC needs 2 confirmations', 'Payouts take up to 15 minutes']);
    started.actor.send({ type: 'notice.closed' });
    expect(context(started).notices).toEqual(['Payouts take up to 15 minutes']);
  });

  it('loads the pair again when another receive currency is chosen, and ignores the current one', async () => {
    const started = await ready();
    started.actor.send({ type: 'to.selected', id: 2 });
    started.actor.send({ type: 'to.selected', id: 3 });
    await waitFor(started.actor, (s) => s.context.pair?.to.currency.id === 3);
    expect(started.calls.pair).toEqual(['1-2', '1-3']);
  });
});

describe('form.active: a field is checked when it is left', () => {
  it('names the broken e-mail rule on leaving the field, and says nothing of an empty one', async () => {
    const started = await ready();
    started.actor.send({ type: 'email.blurred' });
    expect(context(started).errors).toEqual({});
    started.actor.send({ type: 'email.changed', value: 'client@example' });
    started.actor.send({ type: 'email.blurred' });
    expect(context(started).errors).toEqual({ email: { code: 'email_domain' } });
    started.actor.send({ type: 'email.changed', value: 'client@example.com' });
    started.actor.send({ type: 'email.blurred' });
    expect(context(started).errors).toEqual({});
  });

  it("flags a card number failing its check digit on leaving the field, beside the other fields' errors", async () => {
    const started = await ready();
    started.actor.send({ type: 'email.changed', value: 'client@' });
    started.actor.send({ type: 'email.blurred' });
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: '4111111111111112' });
    expect(context(started).requisites.to.card).toBe('4111 1111 1111 1112');
    expect(context(started).errors['toRequisites.card']).toBeUndefined();
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'card' });
    expect(context(started).errors).toEqual({
      email: { code: 'email_domain' },
      'toRequisites.card': { code: 'requisite', problem: 'card_checksum', check: 'card', value: '4111 1111 1111 1112' },
    });
    // An empty or unknown field is left to the submit.
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'holder' });
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'nothing' });
    expect(Object.keys(context(started).errors)).toEqual(['email', 'toRequisites.card']);
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: VALID_CARD });
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'card' });
    expect(context(started).errors).toEqual({ email: { code: 'email_domain' } });
  });

  it('groups a typed card number by four, drops letters and says a card number is digits only', async () => {
    const started = await ready();
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: '4111-1111 11111111' });
    expect(context(started).requisites.to.card).toBe('4111 1111 1111 1111');
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: '4111 1x' });
    expect(context(started).requisites.to.card).toBe('4111 1');
    expect(context(started).errors['toRequisites.card']).toEqual({ code: 'requisite', problem: 'card_characters', check: 'card', value: '4111 1' });
    // Letters in a name field are no card's business.
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'holder', value: 'Ivan x' });
    expect(context(started).requisites.to.holder).toBe('Ivan x');
    expect(context(started).errors['toRequisites.holder']).toBeUndefined();
  });
});

describe('form.active.ready.idle', () => {
  it('refreshes the course every courseRefresh and recomputes the receive amount', async () => {
    vi.useFakeTimers();
    let course = '9000000';
    let verificationCourse: string | null = '9100000';
    let updatedAt = '2026-01-01T00:00:00Z';
    const started = await ready(start({ course: async () => ({ course, verificationCourse, updatedAt }) }));
    started.actor.send({ type: 'give.changed', value: '0.01' });
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'verified.toggled' });
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }));
    expect(started.calls.course).toBe(1);
    expect(context(started).courseUpdatedAt).toBe('2026-01-01T00:00:00Z');
    course = '9500000';
    verificationCourse = null;
    updatedAt = '2026-01-01T00:00:30Z';
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }));
    expect(started.calls.course).toBe(2);
    // The verified course is gone: the switch turns off and the ordinary course applies.
    expect(context(started)).toMatchObject({
      verified: false,
      course: '9500000',
      courseUpdatedAt: '2026-01-01T00:00:30Z',
      giveText: '0.01',
      receiveText: '95000.00',
    });
  });
});

describe('form.active.ready.course', () => {
  it('logs a failed refresh and keeps the old course', async () => {
    const started = await ready(start({ course: async () => Promise.reject(new Error('offline')) }));
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'verified.toggled' });
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }));
    expect(started.logged.map((entry) => entry.what)).toEqual(['course']);
    expect(context(started).course).toBe('9000000');
  });
});

describe('form.submitting', () => {
  it('sends the claim once and ends in created with the uuid', async () => {
    const started = await ready(start({}, { referral: 'PARTNER1' }));
    fillValidForm(started);
    started.actor.send({ type: 'promocode.changed', value: ' SPRING ' });
    started.actor.send({ type: 'give.changed', value: '0.002' });
    started.actor.send({ type: 'submit' });
    started.actor.send({ type: 'submit' });
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(started.created).toEqual([
      {
        email: 'client@example.com',
        fromPs: 1,
        toPs: 2,
        fromSumma: '0.002',
        toSumma: '18000.00',
        fromRequisites: {},
        toRequisites: { card: VALID_CARD, holder: '' },
        // docs/product.md §3: `recaptcha` always travels ('' with captcha off); nothing the spec does not list.
        recaptcha: '',
        withVerificationCourse: false,
        refferal: 'PARTNER1',
        promocode: 'SPRING',
        expectedCourse: '9000000',
      },
    ]);
    started.createAnswers[0]!.resolve('c0ffee00-0000-4000-8000-000000000001');
    await waitFor(started.actor, (s) => s.matches({ form: 'created' }));
    expect(context(started).uuid).toBe('c0ffee00-0000-4000-8000-000000000001');
    expect(started.opened).toEqual(['c0ffee00-0000-4000-8000-000000000001']);
  });

  it('sends the captcha token when the captcha is on', async () => {
    const started = await ready(start({ settings: async () => settings(null, null, true) }));
    fillValidForm(started);
    started.actor.send({ type: 'captcha.solved', token: 'token-1' });
    started.actor.send({ type: 'submit' });
    expect(started.created[0]).toMatchObject({ recaptcha: 'token-1' });
    expect(started.created[0]).not.toHaveProperty('refferal');
  });

  it('shows the server errors under their fields and drops the used captcha token', async () => {
    const started = await ready(start({ settings: async () => settings(null, null, true) }));
    fillValidForm(started);
    started.actor.send({ type: 'captcha.solved', token: 'token-1' });
    started.actor.send({ type: 'submit' });
    started.createAnswers[0]!.reject({
      toSumma: ['Not enough reserve.'],
      toRequisites: { card: ['Invalid card number.', 'second'] },
      detail: 'Check the form.',
    });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }));
    expect(context(started).errors).toEqual({
      toSumma: { code: 'server', message: 'Not enough reserve.' },
      'toRequisites.card': { code: 'server', message: 'Invalid card number.' },
      detail: { code: 'server', message: 'Check the form.' },
    });
    expect(context(started).captchaToken).toBe('');
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'card', value: VALID_CARD });
    expect(context(started).errors).toEqual({ toSumma: { code: 'server', message: 'Not enough reserve.' } });
  });

  it("clears a side's general requisites error with an edit of any requisite of that side only", async () => {
    const started = await ready();
    fillValidForm(started);
    started.actor.send({ type: 'submit' });
    started.createAnswers[0]!.reject({ fromRequisites: 'Check the sender.', toRequisites: 'Check the card.' });
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }));
    expect(Object.keys(context(started).errors).sort()).toEqual(['fromRequisites', 'toRequisites']);
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'holder', value: 'Ivan Petrov' });
    expect(context(started).errors).toEqual({ fromRequisites: { code: 'server', message: 'Check the sender.' } });
    expect(context(started).requisites.to).toMatchObject({ card: VALID_CARD, holder: 'Ivan Petrov' });
  });

  it('clears each refused field with its own edit, the general error with any edit', async () => {
    const started = await ready();
    fillValidForm(started);
    const refuse = async (body: Record<string, unknown>) => {
      started.actor.send({ type: 'submit' });
      started.createAnswers.at(-1)!.reject(body);
      await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }));
    };
    await refuse({ promocode: ['Unknown code.'], refferal: ['No such partner.'], email: ['Blocked.'], detail: 'Check.' });
    started.actor.send({ type: 'promocode.changed', value: 'SPRING' });
    expect(Object.keys(context(started).errors).sort()).toEqual(['email', 'refferal']);
    started.actor.send({ type: 'referral.changed', value: 'PARTNER1' });
    expect(Object.keys(context(started).errors)).toEqual(['email']);
    started.actor.send({ type: 'email.changed', value: 'other@example.com' });
    expect(context(started).errors).toEqual({});

    await refuse({ recaptcha: ['Solve it.'], agree: ['Accept.'], fromSumma: ['Too much.'], toSumma: ['No reserve.'], detail: 'Check.' });
    started.actor.send({ type: 'captcha.solved', token: 'token-2' });
    expect(Object.keys(context(started).errors).sort()).toEqual(['agree', 'fromSumma', 'toSumma']);
    started.actor.send({ type: 'agreement.changed', value: true });
    expect(Object.keys(context(started).errors).sort()).toEqual(['fromSumma', 'toSumma']);
    started.actor.send({ type: 'receive.changed', value: '20000' });
    expect(context(started).errors).toEqual({});
    expect(context(started)).toMatchObject({ promocode: 'SPRING', referral: 'PARTNER1', captchaToken: 'token-2', agreed: true });
  });
});

describe('form.submitting: prices moved meanwhile', () => {
  it('on course_changed shows the message, loads the new course and recomputes the receive amount', async () => {
    let course = '9000000';
    const started = await ready(
      start({ course: async () => ({ course, verificationCourse: '9100000', updatedAt: '2026-01-01T00:00:00Z' }) }),
    );
    fillValidForm(started);
    started.actor.send({ type: 'give.changed', value: '0.002' });
    started.actor.send({ type: 'submit' });
    expect(started.created[0]).toMatchObject({ expectedCourse: '9000000', toSumma: '18000.00' });
    course = '8000000';
    started.createAnswers[0]!.reject({ detail: 'The rate has changed.', code: 'course_changed', course: '8000000' });
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }) && s.context.course === '8000000');
    expect(started.calls.course).toBe(1);
    expect(context(started).receiveText).toBe('16000.00');
    expect(context(started).errors).toEqual({ detail: { code: 'server', message: 'The rate has changed.' } });
    started.actor.send({ type: 'submit' });
    expect(started.created[1]).toMatchObject({ expectedCourse: '8000000', toSumma: '16000.00' });
  });

  it('a refusal about the requisites alone keeps the course (nothing reloads)', async () => {
    const started = await ready();
    fillValidForm(started);
    started.actor.send({ type: 'submit' });
    started.createAnswers[0]!.reject({ toRequisites: { card: ['Invalid card number.'] } });
    await waitFor(started.actor, (s) => s.matches({ form: { active: { ready: 'idle' } } }));
    expect(started.calls.course).toBe(0);
    expect(context(started).errors).toEqual({ 'toRequisites.card': { code: 'server', message: 'Invalid card number.' } });
  });
});

describe('reserves', () => {
  it('loads the reserves beside the form', async () => {
    const started = await ready();
    expect(context(started).reserves).toEqual(RESERVES);
  });

  it('logs a failure and leaves the list empty', async () => {
    const started = start({ reserves: async () => Promise.reject(new Error('500')) });
    await waitFor(started.actor, (s) => s.matches({ reserves: 'failed' }));
    expect(started.logged.map((entry) => entry.what)).toContain('reserves');
    expect(context(started).reserves).toEqual([]);
  });
});

describe('claimErrorsFromBody', () => {
  it('turns a network failure or an empty body into a general error', () => {
    expect(claimErrorsFromBody({ code: 'network_error' })).toEqual({ detail: { code: 'network_error' } });
    expect(claimErrorsFromBody(undefined)).toEqual({ detail: { code: 'unknown' } });
    expect(claimErrorsFromBody({ non_field_errors: ['Closed for maintenance.'] })).toEqual({
      detail: { code: 'server', message: 'Closed for maintenance.' },
    });
    expect(claimErrorsFromBody({ detail: 'The rate has changed.', code: 'course_changed', course: '8000000' })).toEqual({
      detail: { code: 'server', message: 'The rate has changed.' },
    });
  });
});

describe('limitsOf', () => {
  it('derives a missing give minimum from the receive side', () => {
    const base = pair(1, 2);
    const limits = limitsOf(
      directionLimitsOf({ ...base, from: { ...base.from, min: null, max: null }, to: { ...base.to, min: '5000', max: '900000' } }),
      '9000000',
      false,
    );
    expect(limits).toEqual({ give: { min: '0.00055556', max: '0.10000000' }, receive: { min: '5000', max: '900000' } });
  });
});

describe('amount notes: the person is told why the give amount changed', () => {
  it('raises to the minimum and lowers to the maximum, each with its note', async () => {
    const started = await ready();
    const { actor } = started;
    expect(context(started).amountNote).toBeNull();
    actor.send({ type: 'give.changed', value: '0.0001' });
    actor.send({ type: 'give.blurred' });
    expect(context(started)).toMatchObject({ give: '0.001', amountNote: { code: 'raised_to_min', amount: '0.001' } });
    actor.send({ type: 'give.changed', value: '5' });
    expect(context(started).amountNote).toBeNull();
    actor.send({ type: 'give.blurred' });
    expect(context(started)).toMatchObject({ give: '1', amountNote: { code: 'lowered_to_max', amount: '1' } });
    actor.send({ type: 'give.changed', value: '0.5' });
    actor.send({ type: 'give.blurred' });
    expect(context(started).amountNote).toBeNull();
  });

  it('says the amount was reset to the minimum of a newly chosen pair', async () => {
    const started = await ready();
    started.actor.send({ type: 'give.changed', value: '0.05' });
    started.actor.send({ type: 'to.selected', id: 3 });
    await waitFor(started.actor, (s) => s.context.pair?.to.currency.id === 3);
    expect(context(started)).toMatchObject({ give: '0.001', amountNote: { code: 'pair_minimum', amount: '0.001' } });
  });

  it('notes the minimum of the verified rate when the switch raises the amount', async () => {
    const started = await ready();
    started.actor.send({ type: 'verified.eligibility', allowed: true });
    started.actor.send({ type: 'verified.toggled' });
    started.actor.send({ type: 'give.changed', value: '0.0006' });
    started.actor.send({ type: 'verified.toggled' });
    expect(context(started)).toMatchObject({ give: '0.001', amountNote: { code: 'raised_to_min', amount: '0.001' } });
  });
});

describe('form.submitting: what an edit or a resend clears, and the end', () => {
  async function refusedWith(body: Record<string, unknown>) {
    const started = await ready();
    fillValidForm(started);
    started.actor.send({ type: 'submit' });
    started.createAnswers[0]!.reject(body);
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }));
    return started;
  }

  it('an edit of the e-mail, referral, consent or either amount clears the general error above the form', async () => {
    const edits = [
      { type: 'email.changed', value: 'other@example.com' },
      { type: 'referral.changed', value: 'PARTNER2' },
      { type: 'agreement.changed', value: true },
      { type: 'give.changed', value: '0.003' },
      { type: 'receive.changed', value: '27000' },
    ] as const;
    for (const edit of edits) {
      const started = await refusedWith({ detail: 'Check the form.' });
      started.actor.send(edit);
      expect(context(started).errors, edit.type).toEqual({});
    }
  });

  it('typing either amount clears the errors of both amounts', async () => {
    for (const type of ['give.changed', 'receive.changed'] as const) {
      const started = await refusedWith({ fromSumma: ['Below the minimum.'], toSumma: ['Not enough reserve.'] });
      started.actor.send({ type, value: '4' });
      expect(context(started).errors, type).toEqual({});
    }
  });

  it('a resend clears the previous answer while it is awaited', async () => {
    const started = await refusedWith({ detail: 'Try later.' });
    started.actor.send({ type: 'submit' });
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(context(started).errors).toEqual({});
  });

  it('stays busy once the claim is created, while the page moves to it', async () => {
    const started = await ready();
    fillValidForm(started);
    started.actor.send({ type: 'submit' });
    started.createAnswers[0]!.resolve('c0ffee00-0000-4000-8000-000000000002');
    await waitFor(started.actor, (s) => s.matches({ form: 'created' }));
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('addressChecksums: the checksum code loads when an address is first reached', () => {
  const GOOD_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
  /** Matches the network's pattern; only its checksum is wrong. */
  const TYPO_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';

  /** Card roubles → BTC: the receive side asks for a Bitcoin address. */
  function toAddress(fakes: Fakes = {}) {
    const addressPair = (fromId: number, toId: number) => {
      const base = pair(fromId, toId);
      return { ...base, to: { ...base.to, structure: { ...base.to.structure, input: [field('wallet', 'btc')] } } };
    };
    return ready(start({ pair: async ({ fromId, toId }) => addressPair(fromId, toId), ...fakes }));
  }

  function fillWithAddress(started: Started, address: string) {
    started.actor.send({ type: 'email.changed', value: 'client@example.com' });
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'wallet', value: address });
    started.actor.send({ type: 'agreement.changed', value: true });
  }

  it('loads them once, on the first focus of an address field, not of any other field', async () => {
    const onCard = await ready();
    onCard.actor.send({ type: 'requisite.focused', side: 'to', name: 'card' });
    expect(onCard.actor.getSnapshot().matches({ addressChecksums: 'unloaded' })).toBe(true);
    expect(onCard.calls.checksums).toBe(0);

    const started = await toAddress();
    started.actor.send({ type: 'requisite.focused', side: 'to', name: 'wallet' });
    expect(started.actor.getSnapshot().matches({ addressChecksums: 'loading' })).toBe(true);
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'loaded' }));
    expect(context(started).addressChecksums).toBe(CHECKSUM_VERIFIERS);
    started.actor.send({ type: 'requisite.focused', side: 'to', name: 'wallet' });
    expect(started.calls.checksums).toBe(1);
  });

  it('loads them on typing in an address field that never had the focus (a browser filling it in)', async () => {
    const started = await toAddress();
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'wallet', value: GOOD_ADDRESS });
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'loaded' }));
    expect(started.calls.checksums).toBe(1);
  });

  it('logs a failed load and tries again on the next focus', async () => {
    let failures = 1;
    const started = await toAddress({
      checksums: async () => (failures-- > 0 ? Promise.reject(new Error('offline')) : CHECKSUM_VERIFIERS),
    });
    started.actor.send({ type: 'requisite.focused', side: 'to', name: 'wallet' });
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'unloaded' }));
    expect(started.logged).toEqual([{ what: 'address checksums', error: new Error('offline') }]);
    started.actor.send({ type: 'requisite.focused', side: 'to', name: 'wallet' });
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'loaded' }));
    expect(started.calls.checksums).toBe(2);
  });

  it('checks a left address against its pattern until they are in, and its checksum once they are', async () => {
    const answer = deferred<ChecksumVerifiers>();
    const started = await toAddress({ checksums: () => answer.promise });
    started.actor.send({ type: 'requisite.changed', side: 'to', name: 'wallet', value: TYPO_ADDRESS });
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'wallet' });
    expect(context(started).errors).toEqual({});
    answer.resolve(CHECKSUM_VERIFIERS);
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'loaded' }));
    started.actor.send({ type: 'requisite.blurred', side: 'to', name: 'wallet' });
    expect(context(started).errors['toRequisites.wallet']).toEqual({
      code: 'requisite',
      problem: 'address_checksum',
      check: 'btc',
      value: TYPO_ADDRESS,
    });
  });

  it('makes a submit wait for them (busy), then refuses an address with a typo', async () => {
    const answers: Deferred<ChecksumVerifiers>[] = [];
    const started = await toAddress({
      checksums: () => {
        const answer = deferred<ChecksumVerifiers>();
        answers.push(answer);
        return answer.promise;
      },
    });
    fillWithAddress(started, TYPO_ADDRESS);
    started.actor.send({ type: 'submit' });
    expect(started.actor.getSnapshot().matches({ form: 'checkingAddresses' })).toBe(true);
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    for (const answer of answers) answer.resolve(CHECKSUM_VERIFIERS);
    await waitFor(started.actor, (s) => s.matches({ form: { active: 'ready' } }));
    expect(context(started).errors).toEqual({
      'toRequisites.wallet': { code: 'requisite', problem: 'address_checksum', check: 'btc', value: TYPO_ADDRESS },
    });
    expect(started.created).toEqual([]);
  });

  it('sends a submit with a good address once they are in, and a later submit without waiting', async () => {
    const started = await toAddress();
    fillWithAddress(started, GOOD_ADDRESS);
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'loaded' }));
    // Loaded through the field: the submit goes straight on.
    started.actor.send({ type: 'submit' });
    expect(started.actor.getSnapshot().matches({ form: 'submitting' })).toBe(true);

    const early = await toAddress({ checksums: () => new Promise((resolve) => setTimeout(() => resolve(CHECKSUM_VERIFIERS), 5)) });
    fillWithAddress(early, GOOD_ADDRESS);
    early.actor.send({ type: 'submit' });
    expect(early.actor.getSnapshot().matches({ form: 'checkingAddresses' })).toBe(true);
    await waitFor(early.actor, (s) => s.matches({ form: 'submitting' }));
    expect(early.created[0]?.toRequisites).toEqual({ wallet: GOOD_ADDRESS });
  });

  it('judges the form on the patterns alone when they cannot load (the server checks the checksum)', async () => {
    const started = await toAddress({ checksums: async () => Promise.reject(new Error('offline')) });
    fillWithAddress(started, TYPO_ADDRESS);
    await waitFor(started.actor, (s) => s.matches({ addressChecksums: 'unloaded' }));
    started.actor.send({ type: 'submit' });
    await waitFor(started.actor, (s) => s.matches({ form: 'submitting' }));
    expect(started.logged.map((entry) => entry.what)).toEqual(['address checksums', 'address checksums']);
  });

  it('does not wait for them when no address is filled', async () => {
    const started = await toAddress();
    started.actor.send({ type: 'submit' });
    expect(started.actor.getSnapshot().matches({ form: { active: 'ready' } })).toBe(true);
    expect(context(started).errors['toRequisites.wallet']).toEqual({ code: 'required' });
    expect(started.calls.checksums).toBe(0);
  });
});
