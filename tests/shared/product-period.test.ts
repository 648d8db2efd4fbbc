import { describe, expect, it } from 'vitest';
import {
  periodMonthsFromIso,
  periodMonthsFromPlanId,
  productPeriodMonths,
} from '../../src/shared/account';

describe('productPeriodMonths', () => {
  it.each([
    [{ months: 1 }, 1],
    [{ months: '12' }, 12],
    [{ durationMonths: 12 }, 12],
    [{ period: 'P1M' }, 1],
    [{ period: 'P12M' }, 12],
    [{ period: 'p1y' }, 12],
    [{ period: 'P1Y6M' }, 18],
    [{ period: 'P30D' }, 1],
    [{ period: 'monthly' }, 1],
    [{ period: 'annual' }, 12],
    [{ duration: 'P1Y' }, 12],
    [{ interval: 'month', interval_count: 12 }, 12],
    [{ interval: 'year' }, 12],
    [{ durationDays: 30 }, 1],
    [{ durationDays: 31 }, 1],
    [{ durationDays: 365 }, 12],
    [{ durationDays: '366' }, 12],
    [{ days: 90 }, 3],
    [{ id: 'mir-1m' }, 1],
    [{ id: 'mir-12m' }, 12],
    [{ id: 'crypto-12' }, 12],
    [{ id: 'pro_1y' }, 12],
    [{ id: 'yearly' }, 12],
  ])('reads %j as %i months', (product, months) => {
    expect(productPeriodMonths(product)).toBe(months);
  });

  it('prefers an explicit field over the plan id', () => {
    expect(productPeriodMonths({ id: 'mir-1m', months: 12 })).toBe(12);
    expect(productPeriodMonths({ id: 'mir-1m', period: 'P12M' })).toBe(12);
  });

  it.each([
    null,
    'P1M',
    {},
    { months: 0 },
    { months: -1 },
    { months: 1.5 },
    { period: 'P1W' },
    { period: 'P1M2D' },
    { period: 'weekly' },
    { durationDays: 7 },
    { durationDays: 45 },
    { id: 'premium' },
    { id: 42 },
  ])('does not guess a period for %j', (product) => {
    expect(productPeriodMonths(product)).toBeUndefined();
  });

  it('reads ISO durations and plan ids on their own', () => {
    expect(periodMonthsFromIso('P2Y')).toBe(24);
    expect(periodMonthsFromIso('P')).toBeUndefined();
    expect(periodMonthsFromPlanId('tbank-6months')).toBe(6);
    expect(periodMonthsFromPlanId('plan')).toBeUndefined();
  });
});
