import {
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  jwtVerify,
  decodeJwt,
  type JWK,
} from 'jose';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/api-types';
import { bearer, login, signedInUser, useTestApp, type TestApp } from './helpers';

const REFRESH = '/api/public/v1/auth/refresh';
const LOGOUT = '/api/public/v1/auth/logout';
const CUSTOMER = '/api/v1/customer';

const refresh = (t: TestApp, refreshToken: unknown) =>
  t.app.inject({ method: 'POST', url: REFRESH, payload: { refreshToken } as object });
const profile = (t: TestApp, token?: string) =>
  t.app.inject({ method: 'GET', url: CUSTOMER, headers: token ? bearer(token) : {} });

/** Signs arbitrary claims with the server's own private key (to test claim checks alone). */
async function signWithServerKey(t: TestApp, claims: Record<string, unknown>, header = {}) {
  const { rows } = await t.app.db.query<{ private_jwk: string; kid: string }>(
    'SELECT private_jwk, kid FROM signing_keys',
  );
  const key = await importJWK(JSON.parse(rows[0]!.private_jwk) as JWK, 'EdDSA');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: rows[0]!.kid, ...header })
    .sign(key);
}

/** One app (one database) for the whole file: tests use distinct accounts. */
const t = useTestApp({ adminEmails: ['boss@example.com'] });

describe('access tokens (security.md §6)', () => {
  it('are Keycloak-shaped EdDSA JWTs that the JWKS verifies', async () => {
    const user = await signedInUser(t);
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/public/v1/jwks' })).json<{
      keys: JWK[];
    }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const wellKnown = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(wellKnown.json()).toEqual(jwks);
    const { payload, protectedHeader } = await jwtVerify(
      user.tokens.accessToken,
      createLocalJWKSet(jwks as { keys: JWK[] }),
      {
        issuer: 'http://specform.test',
        audience: 'specform',
        currentDate: new Date(t.clock.now()),
      },
    );
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({
      typ: 'Bearer',
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      realm_access: { roles: ['user'] },
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(typeof payload.sub).toBe('string');
    const rt = decodeJwt(user.tokens.refreshToken);
    expect(rt.typ).toBe('Refresh');
    expect(rt.exp! - rt.iat!).toBe(7 * 86400);
  });

  it('grants admin only through ADMIN_EMAILS or the admin command', async () => {
    const boss = await signedInUser(t, { email: 'boss@example.com' });
    expect(decodeJwt(boss.tokens.accessToken).realm_access).toEqual({ roles: ['user', 'admin'] });
    const other = await signedInUser(t);
    expect(decodeJwt(other.tokens.accessToken).realm_access).toEqual({ roles: ['user'] });
    expect(await t.app.repos.users.grantRole(other.email, 'admin')).toBe(true);
    const rotated = (await refresh(t, other.tokens.refreshToken)).json<TokenPair>();
    expect(decodeJwt(rotated.accessToken).realm_access).toEqual({ roles: ['user', 'admin'] });
    expect(await t.app.repos.users.grantRole('nobody@example.com', 'admin')).toBe(false);
  });

  it('answer 401 { message } when missing, malformed, expired, for another audience, with another algorithm, unsigned, or a refresh token', async () => {
    const user = await signedInUser(t);
    const { sub, sid } = decodeJwt(user.tokens.accessToken);
    const now = Math.floor(t.clock.now() / 1000);
    const good = {
      sub,
      sid,
      typ: 'Bearer',
      email: user.email,
      realm_access: { roles: ['user', 'admin'] },
      iss: 'http://specform.test',
      aud: 'specform',
      iat: now,
      exp: now + 300,
    };
    expect((await profile(t, await signWithServerKey(t, good))).statusCode).toBe(200);

    const hmacSecret = new TextEncoder().encode(
      JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/public/v1/jwks' })).json()),
    );
    const rsa = await generateKeyPair('RS256');
    const ed = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const bad: Record<string, string | undefined> = {
      missing: undefined,
      garbage: 'not.a.jwt',
      expired: await signWithServerKey(t, { ...good, iat: now - 400, exp: now - 100 }),
      'wrong audience': await signWithServerKey(t, { ...good, aud: 'another-app' }),
      'wrong issuer': await signWithServerKey(t, { ...good, iss: 'http://evil.example' }),
      'no typ': await signWithServerKey(t, { ...good, typ: undefined }),
      'alg none': new UnsecuredJWT(good).encode(),
      'HS256 with the public key': await new SignJWT(good)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(hmacSecret),
      'RS256 own key': await new SignJWT(good)
        .setProtectedHeader({ alg: 'RS256' })
        .sign(rsa.privateKey),
      'EdDSA foreign key': await new SignJWT(good)
        .setProtectedHeader({ alg: 'EdDSA' })
        .sign(ed.privateKey),
      'refresh token as bearer': user.tokens.refreshToken,
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await profile(t, token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: expect.any(String) });
    }
    // The real token expires after the configured lifetime.
    t.clock.advance(301);
    try {
      expect((await profile(t, user.tokens.accessToken)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-301);
    }
  });
});

describe('refresh token times', () => {
  it('are read from one clock: exp − iat is the idle lifetime to the second, however the clock moves', async () => {
    const user = await signedInUser(t);
    // Every read of the clock moves it 1.1 s on: two reads are never in the same second.
    const clock = t.clock;
    const base = clock.offsetMs;
    let reads = 0;
    Object.defineProperty(clock, 'offsetMs', {
      configurable: true,
      get: () => base + 1100 * reads++,
    });
    try {
      const pair = await login(t, user.email, user.password);
      const rt = decodeJwt(pair.refreshToken);
      expect(reads).toBeGreaterThan(1);
      expect(rt.exp! - rt.iat!).toBe(7 * 86400);
    } finally {
      Object.defineProperty(clock, 'offsetMs', {
        configurable: true,
        writable: true,
        value: base + 1100 * reads,
      });
    }
  });
});

describe('customer profile (spec §7)', () => {
  it('shows subscription.until in Unix seconds, or null without a subscription', async () => {
    const user = await signedInUser(t);
    const none = await profile(t, user.tokens.accessToken);
    expect(none.statusCode).toBe(200);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.json()).toEqual({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      balance: 0,
      subscription: { until: null },
    });
    const until = new Date('2031-05-31T12:00:00Z');
    await t.app.db.query('UPDATE users SET subscription_until = $2 WHERE email = $1', [
      user.email,
      until,
    ]);
    const withSub = await profile(t, user.tokens.accessToken);
    expect(withSub.json().subscription).toEqual({ until: until.getTime() / 1000 });
  });
});

describe('refresh tokens (security.md §7)', () => {
  it('rotate on every use; Keycloak reuse scenario: RT1 → 200, RT1 again → 401, RT2 dead too', async () => {
    const user = await signedInUser(t);
    const rt1 = user.tokens.refreshToken;
    const first = await refresh(t, rt1);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const rt2 = first.json<TokenPair>().refreshToken;
    expect(rt2).not.toBe(rt1);
    expect((await profile(t, first.json<TokenPair>().accessToken)).statusCode).toBe(200);
    const reuse = await refresh(t, rt1);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: expect.any(String) });
    expect((await refresh(t, rt2)).statusCode).toBe(401);
    // A new login starts a new, independent family.
    const again = await login(t, user.email, user.password);
    expect((await refresh(t, again.refreshToken)).statusCode).toBe(200);
  });

  it('let exactly one of 20 parallel refreshes with the same token succeed', async () => {
    const user = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refresh(t, user.tokens.refreshToken)),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 401)).toHaveLength(19);
  });

  it('expire after 7 idle days and 30 days in all, even when used regularly', async () => {
    const user = await signedInUser(t);
    t.clock.advance(7 * 86400 + 1);
    try {
      expect((await refresh(t, user.tokens.refreshToken)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(7 * 86400 + 1));
    }
    const start = t.clock.offsetMs;
    try {
      let token = (await login(t, user.email, user.password)).refreshToken;
      for (let day = 6; day < 30; day += 6) {
        t.clock.advance(6 * 86400);
        const res = await refresh(t, token);
        expect(res.statusCode, `day ${day}`).toBe(200);
        token = res.json<TokenPair>().refreshToken;
        expect(decodeJwt(token).exp! * 1000).toBeLessThanOrEqual(
          t.clock.now() - day * 86400 * 1000 + 30 * 86400 * 1000 + 1000,
        );
      }
      t.clock.advance(6 * 86400 + 1);
      expect((await refresh(t, token)).statusCode).toBe(401);
    } finally {
      t.clock.offsetMs = start;
    }
  });

  it('logout revokes the family (204); bad input gets 400, bad tokens 401', async () => {
    const user = await signedInUser(t);
    const rotated = (await refresh(t, user.tokens.refreshToken)).json<TokenPair>();
    const out = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(t, rotated.refreshToken)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(again.statusCode).toBe(204);
    for (const payload of [{}, { refreshToken: 5 }, { refreshToken: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: LOGOUT, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
      const r = await t.app.inject({ method: 'POST', url: REFRESH, payload });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: expect.any(String) });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      payload: { refreshToken: 'x.y.z' },
    });
    expect(bad.statusCode).toBe(401);
    expect((await refresh(t, user.tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, 'x'.repeat(5000))).statusCode).toBe(400);
  });
});
