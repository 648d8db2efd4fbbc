import { describe, expect, it, vi } from 'vitest';
import { createPasswordHasher, parsePhc } from '../../src/server/plugins/passwords';
import {
  TEST_ARGON2,
  borrowDb,
  buildTestApp,
  createVerifiedUser,
  login,
  newUser,
  readOutbox,
  useTestApp,
  verificationLink,
} from './helpers';

const REGISTER = '/api/public/v1/registration';
const VERIFY = '/api/public/v1/registration/verify';
const LOGIN = '/api/public/v1/auth/login';

/** Headers that legitimately differ between two otherwise identical answers. */
const VOLATILE = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'connection']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)));

/** One app (one database) for the whole file: tests use distinct e-mail addresses. */
const t = useTestApp();

describe('registration (spec §7, security.md §2, §3, §5)', () => {
  it('creates an account, mails a verification link built from PUBLIC_URL and stores only its hash', async () => {
    const form = newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: form,
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringContaining('Check your e-mail') });
    const link = await verificationLink(t.dataDir, form.email);
    expect(link).toMatch(/^http:\/\/specform\.test\/emailverification\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop()!;
    // 32 random bytes: 256 bits.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const mail = (await readOutbox(t.dataDir, form.email))[0]!;
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // Bilingual body (base64 or quoted-printable, so look at the subject instead).
    expect(mail.subject).toMatch(/confirm/i);
    const dump = JSON.stringify((await t.app.db.query('SELECT * FROM verification_tokens')).rows);
    expect(dump).not.toContain(token);
    // The password waits with its link (issue 13.3); the account has none until verified.
    const users = await t.app.db.query<{ password_hash: string | null; pending: string }>(
      `SELECT u.password_hash, v.password_hash AS pending
       FROM users u JOIN verification_tokens v ON v.user_id = u.id WHERE u.email = $1`,
      [form.email],
    );
    expect(users.rows[0]!.password_hash).toBeNull();
    expect(users.rows[0]!.pending).toMatch(/^\$argon2id\$/);
    expect(users.rows[0]!.pending).not.toContain(form.password);
  });

  it('ignores unknown fields and never grants admin through sign-up', async () => {
    const form = newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { ...form, roles: ['admin'], realm_access: { roles: ['admin'] }, id: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.app.db.query<{ roles: string[] }>(
      'SELECT roles FROM users WHERE email = $1',
      [form.email],
    );
    expect(rows[0]!.roles).toEqual(['user']);
  });

  it('answers an existing e-mail exactly like a new one and mails the owner a notice', async () => {
    const existing = await createVerifiedUser(t);
    const fresh = newUser();
    const a = await t.app.inject({ method: 'POST', url: REGISTER, payload: fresh });
    const b = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { ...newUser(), email: (existing.email as string).toUpperCase() },
    });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(stable(b.headers)).toEqual(stable(a.headers));
    const mails = await readOutbox(t.dataDir, existing.email as string);
    expect(mails.at(-1)!.subject).toMatch(/sign-up attempt/i);
    expect(mails.at(-1)!.link).toBeUndefined();
  });

  it.each([
    [{ email: '' }, /E-mail: This field must not be empty/],
    [{ email: 'not-an-email' }, /valid email/],
    [{ firstName: 'Ann3' }, /Only letters/],
    [{ lastName: 'Smith-' }, /Only letters/],
    [{ password: 'short' }, /6-20 characters/],
    [{ password: 'has space 123' }, /6-20 characters/],
    [{ password: 'a'.repeat(21) }, /6-20 characters/],
    [{ password: 'password' }, /too common/],
    [{ password: '123456' }, /too common/],
    [{ acceptTerms: false }, /accept the terms/],
  ])('rejects %o with 400 { message }', async (patch, message) => {
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: newUser(patch) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(message);
  });

  it.each([
    ['a missing field', { firstName: 'A', lastName: 'B', email: 'a@b.cd', password: 'Kq7#mZ2p' }],
    ['a wrong type', { ...newUser(), acceptTerms: 'true' }],
    ['a number as password', { ...newUser(), password: 12345678 }],
    ['an array body', [1, 2]],
  ])('rejects %s with 400 { message }', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: payload as object });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('rejects malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });
    const big = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { ...newUser(), firstName: 'A'.repeat(t.app.config.bodyLimitBytes) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: expect.any(String) });
  });

  it('answers in Russian when the caller prefers it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: newUser({ email: 'bad' }),
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(res.json().message).toMatch(/корректный адрес/);
  });
});

describe('verification (spec §8 outcomes, security.md §5)', () => {
  async function register() {
    const form = newUser();
    await t.app.inject({ method: 'POST', url: REGISTER, payload: form });
    return { form, token: (await verificationLink(t.dataDir, form.email)).split('/').pop()! };
  }
  const verify = (uuid: unknown) =>
    t.app.inject({ method: 'PUT', url: VERIFY, payload: { uuid } as object });

  it('verifies once: 200, then reuse 400; login works only after it', async () => {
    const { form, token } = await register();
    const before = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: form.email, password: form.password },
    });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: expect.any(String), code: 'EMAIL_NOT_VERIFIED' });
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Email successfully verified' });
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: expect.any(String) });
    await login(t, form.email, form.password);
  });

  it('answers 404 { message } for an unknown or expired token and 400 for a malformed one', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.stringMatching(/not found or expired/) });
    expect((await verify('not a token')).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(400);
    expect((await verify(42)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: VERIFY, payload: {} })).statusCode).toBe(400);

    const { token } = await register();
    t.clock.advance(24 * 3600 + 1);
    try {
      const expired = await verify(token);
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toEqual({ message: expect.any(String) });
    } finally {
      t.clock.advance(-(24 * 3600 + 1));
    }
  });

  it('gives an unverified owner a fresh link when they sign up again', async () => {
    const { form, token } = await register();
    await t.app.inject({ method: 'POST', url: REGISTER, payload: form });
    const second = (await verificationLink(t.dataDir, form.email)).split('/').pop()!;
    expect(second).not.toBe(token);
    expect((await verify(second)).statusCode).toBe(200);
  });
});

describe('login (security.md §1, §3, §4)', () => {
  const attempt = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });

  it('returns a token pair for the right password, case-insensitive e-mail', async () => {
    const user = await createVerifiedUser(t);
    const res = await attempt((user.email as string).toUpperCase(), user.password as string);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
  });

  it('fails identically for unknown e-mail, wrong password, unverified (wrong password) and locked accounts', async () => {
    const user = await createVerifiedUser(t);
    const unverified = newUser();
    await t.app.inject({ method: 'POST', url: REGISTER, payload: unverified });
    const locked = await createVerifiedUser(t);
    for (let i = 0; i < t.app.config.lockout.threshold; i += 1) {
      await attempt(locked.email as string, 'Wrong#123');
    }
    const answers = [
      await attempt('nobody@example.com', 'Kq7#mZ2p'),
      await attempt(user.email as string, 'Wrong#123'),
      await attempt(unverified.email, 'Wrong#123'),
      await attempt(locked.email as string, locked.password as string),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(stable(res.headers)).toEqual(stable(answers[0]!.headers));
    }
    expect(answers[0]!.json()).toEqual({ message: expect.any(String) });
  });

  it('spends one hash verification on an unknown e-mail', async () => {
    const spy = vi.spyOn(t.app.passwords, 'verify');
    try {
      await attempt('ghost@example.com', 'Kq7#mZ2p');
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects bad input with 400 { message }', async () => {
    for (const payload of [{}, { email: 'a@b.cd' }, { email: 1, password: 2 }]) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('locks after repeated failures with growing waits capped at 15 minutes; the clock unlocks', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    const password = user.password as string;
    const { threshold, baseSeconds, maxSeconds } = t.app.config.lockout;
    // inject's client address is 127.0.0.1: the counter of this account and address (13.4).
    const lockedFor = async () => {
      const { rows } = await t.app.db.query<{ locked_until: Date | null }>(
        `SELECT f.locked_until FROM login_failures f JOIN users u ON u.id = f.user_id
         WHERE u.email = $1 AND f.ip = '127.0.0.1'`,
        [email],
      );
      const until = rows[0]?.locked_until;
      return until ? Math.round((until.getTime() - t.clock.now()) / 1000) : 0;
    };
    for (let i = 0; i < threshold - 1; i += 1) await attempt(email, 'Wrong#123');
    expect(await lockedFor()).toBe(0);
    await attempt(email, 'Wrong#123');
    expect(await lockedFor()).toBeGreaterThanOrEqual(baseSeconds - 1);
    // Locked: even the right password fails, with the same answer.
    expect((await attempt(email, password)).statusCode).toBe(401);
    t.clock.advance(baseSeconds + 1);
    await attempt(email, 'Wrong#123');
    const second = await lockedFor();
    expect(second).toBeGreaterThanOrEqual(2 * baseSeconds - 1);
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(maxSeconds + 1);
      await attempt(email, 'Wrong#123');
    }
    expect(await lockedFor()).toBeLessThanOrEqual(maxSeconds);
    expect(await lockedFor()).toBeGreaterThanOrEqual(maxSeconds - 1);
    t.clock.advance(maxSeconds + 1);
    expect((await attempt(email, password)).statusCode).toBe(200);
    // Success resets the counter.
    await attempt(email, 'Wrong#123');
    expect(await lockedFor()).toBe(0);
  });

  it('re-hashes on login when the parameters were raised', async () => {
    const user = await createVerifiedUser(t);
    const weak = await createPasswordHasher({ memoryCost: 512, timeCost: 1, parallelism: 1 });
    await t.app.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [
      user.email,
      await weak.hash(user.password as string),
    ]);
    await login(t, user.email as string, user.password as string);
    const { rows } = await t.app.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [user.email],
    );
    expect(parsePhc(rows[0]!.password_hash)).toMatchObject({
      algorithm: 'argon2id',
      memoryCost: TEST_ARGON2.memoryCost,
    });
  });
});

describe('per-IP rate limits (security.md §4)', () => {
  it('answers a burst with 429, Retry-After and { message }', async () => {
    const limited = await buildTestApp({
      ...borrowDb(t),
      rateLimit: { windowSeconds: 60, max: 1000, authMax: 3 },
    });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 5; i += 1) {
        last = await limited.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: 'x@example.com', password: 'Kq7#mZ2p' },
          remoteAddress: '10.0.0.7',
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toEqual({ message: expect.stringMatching(/rate limit/i) });
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'PUT',
        url: VERIFY,
        payload: { uuid: 'A'.repeat(43) },
        remoteAddress: '10.0.0.8',
      });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
