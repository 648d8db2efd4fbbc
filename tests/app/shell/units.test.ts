import { beforeEach, describe, expect, it } from 'vitest';
import { isSubscriptionActive } from '../../../src/app/api/customer';
import { clearReturnUrl, peekReturnUrl, saveReturnUrl } from '../../../src/app/session';
import { isTokenUnexpired } from '../../../src/app/session/tokens';
import { fakeJwt } from './helpers';

beforeEach(() => localStorage.clear());

describe('isSubscriptionActive', () => {
  const profile = (until: number | null | undefined) => ({
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.cc',
    balance: 0,
    subscription: until === undefined ? null : { until },
  });
  const now = Date.UTC(2030, 0, 1);

  it('is active only while the end lies in the future', () => {
    expect(isSubscriptionActive(profile(now / 1000 + 1), now)).toBe(true);
    expect(isSubscriptionActive(profile(now / 1000), now)).toBe(false);
    expect(isSubscriptionActive(profile(now / 1000 - 1), now)).toBe(false);
  });

  it('treats a missing profile, subscription or end as inactive', () => {
    expect(isSubscriptionActive(undefined, now)).toBe(false);
    expect(isSubscriptionActive(profile(undefined), now)).toBe(false);
    expect(isSubscriptionActive(profile(null), now)).toBe(false);
    expect(isSubscriptionActive(profile(Number.NaN), now)).toBe(false);
  });
});

describe('token expiry', () => {
  it('compares exp in seconds with the current time', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(isTokenUnexpired(fakeJwt({ exp: now / 1000 + 1 }), now)).toBe(true);
    expect(isTokenUnexpired(fakeJwt({ exp: now / 1000 }), now)).toBe(false);
    expect(isTokenUnexpired(fakeJwt({}), now)).toBe(false);
    expect(isTokenUnexpired('not.a.jwt', now)).toBe(false);
    expect(isTokenUnexpired(undefined, now)).toBe(false);
  });
});

describe('return URL', () => {
  it('keeps same-site paths with query and hash', () => {
    saveReturnUrl('/profile?tab=2#top');
    expect(peekReturnUrl()).toBe('/profile?tab=2#top');
    clearReturnUrl();
    expect(peekReturnUrl()).toBeUndefined();
  });

  it('never stores another site or a guests-only page', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/login?x=1',
      '/logout',
      '/register',
    ]) {
      saveReturnUrl(bad);
      expect(peekReturnUrl()).toBeUndefined();
    }
  });

  it('ignores a tampered stored value', () => {
    localStorage.setItem('returnUrl', '//evil.example');
    expect(peekReturnUrl()).toBeUndefined();
  });
});
