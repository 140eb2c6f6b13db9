// The guard decisions, one direction at a time: stale or missing inputs pause (once), fresh ones resume, a move
// within the threshold is written, one beyond it is held (told once), and a verified formula moves with it.
import { describe, expect, it } from 'vitest';
import { decide, stepPercent, type FormulaDirection, type Guards, type Quote } from '../../server/rates/decide.ts';

const now = new Date('2026-11-22T12:00:00Z');
const fresh = (price: string): Quote => ({ price, fetchedAt: new Date(now.getTime() - 30_000) });
const old = (price: string): Quote => ({ price, fetchedAt: new Date(now.getTime() - 301_000) });

const direction = (overrides: Partial<FormulaDirection> = {}): FormulaDirection => ({
  directionId: 1,
  course: '100',
  verificationCourse: null,
  paused: false,
  courseFormula: 'binance:BTCUSDT * cbr:USD',
  verifiedFormula: null,
  roundDecimals: 2,
  maxStepPercent: '5',
  heldCourse: null,
  heldVerifiedCourse: null,
  referenceCourse: null,
  ...overrides,
});
const guards: Guards = { maxAgeSeconds: 300, defaultMaxStepPercent: '5', maxDriftPercent: '10' };
const quotes = (entries: Record<string, Quote>) => new Map(Object.entries(entries));

describe('inputs', () => {
  it('pauses on an input older than the max age, naming it, and only once', () => {
    const market = quotes({ 'binance:BTCUSDT': old('1'), 'cbr:USD': fresh('100') });
    const decision = decide(direction(), market, now, guards);
    expect(decision).toEqual({
      kind: 'pause',
      reason: 'stale inputs (older than 300 s): binance:BTCUSDT last fetched 2026-11-22T11:54:59.000Z',
    });
    expect(decide(direction({ paused: true }), market, now, guards)).toEqual({ kind: 'none' });
  });

  it('pauses on an input never fetched and on a formula that no longer computes', () => {
    expect(decide(direction(), quotes({ 'cbr:USD': fresh('100') }), now, guards)).toMatchObject({
      kind: 'pause',
      reason: expect.stringContaining('binance:BTCUSDT has no price yet'),
    });
    const zero = direction({ courseFormula: 'cbr:USD - cbr:USD' });
    expect(decide(zero, quotes({ 'cbr:USD': fresh('100') }), now, guards)).toMatchObject({
      kind: 'pause',
      reason: expect.stringContaining('not a positive course'),
    });
  });

  it('resumes a paused direction on fresh inputs, also when the course did not move', () => {
    const market = quotes({ 'binance:BTCUSDT': fresh('1'), 'cbr:USD': fresh('100') });
    expect(decide(direction({ paused: true }), market, now, guards)).toMatchObject({
      kind: 'write',
      changed: false,
      resume: true,
    });
    expect(decide(direction(), market, now, guards)).toEqual({ kind: 'none' });
  });
});

describe('steps', () => {
  const at = (btc: string) => quotes({ 'binance:BTCUSDT': fresh(btc), 'cbr:USD': fresh('100') });

  it('writes a move within the threshold, rounded down to the direction’s decimals', () => {
    expect(decide(direction(), at('1.04999'), now, guards)).toMatchObject({
      kind: 'write',
      changed: true,
      computed: { course: '104.99', inputs: { 'binance:BTCUSDT': '1.04999', 'cbr:USD': '100' } },
    });
  });

  it('holds a move beyond the threshold (told once), the default step where the formula sets none', () => {
    expect(decide(direction(), at('1.06'), now, guards)).toEqual({
      kind: 'hold',
      computed: {
        course: '106',
        verificationCourse: undefined,
        inputs: { 'binance:BTCUSDT': '1.06', 'cbr:USD': '100' },
      },
      stepPercent: '6',
      startsHold: true,
      why: 'moves 6 %, more than 5 %',
    });
    expect(decide(direction({ heldCourse: '106' }), at('1.07'), now, guards)).toMatchObject({
      kind: 'hold',
      startsHold: false,
    });
    expect(decide(direction({ maxStepPercent: null }), at('1.06'), now, guards)).toMatchObject({
      kind: 'hold',
      why: 'moves 6 %, more than 5 %',
    });
    expect(decide(direction({ maxStepPercent: '150' }), at('2'), now, guards)).toMatchObject({
      kind: 'write',
      changed: true,
    });
  });

  it('holds a creep of steps each within the threshold once it drifts beyond the limit from the reference', () => {
    const creeping = direction({ course: '109', referenceCourse: '100' });
    expect(decide(creeping, at('1.10'), now, guards)).toMatchObject({ kind: 'write', changed: true });
    expect(decide(creeping, at('1.12'), now, guards)).toMatchObject({
      kind: 'hold',
      stepPercent: '12',
      why: 'drifts 12 % from 100, the reference course, more than 10 %',
    });
  });

  it('drops a hold when the market comes back to the course', () => {
    expect(decide(direction({ heldCourse: '106' }), at('1'), now, guards)).toMatchObject({
      kind: 'write',
      changed: false,
      dropHold: true,
    });
  });

  it('computes the verified course too, and its step counts against the threshold', () => {
    const both = direction({ verificationCourse: '101', verifiedFormula: 'binance:BTCUSDT * cbr:USD * 1.01' });
    expect(decide(both, at('1.01'), now, guards)).toMatchObject({
      kind: 'write',
      computed: { course: '101', verificationCourse: '102.01' },
    });
    const far = direction({ verificationCourse: '90', verifiedFormula: 'binance:BTCUSDT * cbr:USD * 1.01' });
    expect(decide(far, at('1'), now, guards)).toMatchObject({ kind: 'hold', stepPercent: '12.2223' });
  });

  it('measures steps in percent of the current course', () => {
    expect(stepPercent('200', '190')).toBe('5');
    expect(stepPercent('3', '4')).toBe('33.3334');
  });
});
