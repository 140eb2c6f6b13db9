import { describe, expect, it } from 'vitest';
import { receiveFromGive } from '../../src/domain/money.ts';
import { effectiveCourse, giveWithinLimits, limitsOf, type DirectionLimits } from '../../src/domain/limits.ts';

const side = (overrides: Partial<DirectionLimits['give']> = {}) => ({ min: null, minVerification: null, max: null, decimals: 2, ...overrides });

describe('effectiveCourse', () => {
  const rates = { course: '90', verificationCourse: '91' };
  it('prices at the verified rate only when it is asked for and exists', () => {
    expect(effectiveCourse(rates, true)).toBe('91');
    expect(effectiveCourse(rates, false)).toBe('90');
    expect(effectiveCourse({ course: '90', verificationCourse: null }, true)).toBe('90');
    expect(effectiveCourse({ course: null, verificationCourse: null }, false)).toBeNull();
  });
});

describe('limitsOf', () => {
  it('keeps the listed bounds of both sides', () => {
    const limits = limitsOf({ give: side({ min: '10', max: '100' }), receive: side({ min: '900', max: '9000' }) }, '90', false);
    expect(limits).toEqual({ give: { min: '10', max: '100' }, receive: { min: '900', max: '9000' } });
  });

  it('uses the verified minimums with the verified rate, each falling back to the plain one', () => {
    const direction = { give: side({ min: '10', minVerification: '5' }), receive: side({ min: '900', minVerification: '450' }) };
    expect(limitsOf(direction, '91', true)).toEqual({ give: { min: '5', max: null }, receive: { min: '450', max: null } });
    const noVerified = { give: side({ min: '10' }), receive: side({ min: '900' }) };
    expect(limitsOf(noVerified, '91', true)).toEqual({ give: { min: '10', max: null }, receive: { min: '900', max: null } });
  });

  it("derives missing receive bounds from the give bounds at the course, in the receive side's decimals", () => {
    const limits = limitsOf({ give: side({ min: '10.5', max: '100' }), receive: side({ decimals: 1 }) }, '3.33', false);
    expect(limits.receive).toEqual({ min: receiveFromGive('10.5', '3.33', 1), max: '333.0' });
  });

  it('derives missing give bounds from the receive side, and leaves unbounded sides open', () => {
    const limits = limitsOf({ give: side(), receive: side({ min: '100', max: '1000' }) }, '3', false);
    expect(limits.give).toEqual({ min: '33.34', max: '333.33' });
    expect(limitsOf({ give: side(), receive: side() }, '3', false)).toEqual({
      give: { min: null, max: null },
      receive: { min: null, max: null },
    });
  });
});

describe('giveWithinLimits', () => {
  const bounds = { min: '10', max: '100' };
  it('moves the amount into its bounds', () => {
    expect(giveWithinLimits('5', bounds)).toBe('10');
    expect(giveWithinLimits('500', bounds)).toBe('100');
    expect(giveWithinLimits('50', bounds)).toBe('50');
  });

  it('takes the minimum for a missing amount, and nothing when there is no minimum either', () => {
    expect(giveWithinLimits(null, bounds)).toBe('10');
    expect(giveWithinLimits(null, { min: null, max: '100' })).toBeNull();
  });
});
