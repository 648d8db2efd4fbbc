import { describe, expect, it } from 'vitest';
import { bearer, signedInUser, useTestApp } from './helpers';

describe('smoke', () => {
  const t = useTestApp();
  it('registers, verifies, logs in and reads the profile', async () => {
    const user = await signedInUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer',
      headers: bearer(user.tokens.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: user.email,
      subscription: { until: null },
      balance: 0,
    });
  });
});
