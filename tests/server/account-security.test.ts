/**
 * Issue 13, points 3 (pre-registration, password reset), 4 (lockout races and abuse), 7 (logout
 * ends the access token at once) and 10 (login before verifying the e-mail).
 */
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { passwordResetMail } from '../../src/server/mail/templates';
import type { TokenPair } from '../../src/shared/api-types';
import {
  bearer,
  borrowDb,
  buildTestApp,
  createVerifiedUser,
  login,
  newUser,
  readOutbox,
  signedInUser,
  useTestApp,
  verificationLink,
  type TestApp,
} from './helpers';

const REGISTER = '/api/public/v1/registration';
const VERIFY = '/api/public/v1/registration/verify';
const RESEND = '/api/public/v1/registration/resend';
const LOGIN = '/api/public/v1/auth/login';
const REFRESH = '/api/public/v1/auth/refresh';
const LOGOUT = '/api/public/v1/auth/logout';
const FORGOT = '/api/public/v1/password/forgot';
const RESET = '/api/public/v1/password/reset';
const CUSTOMER = '/api/v1/customer';

const VOLATILE = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'connection']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)));

const t = useTestApp();

const post = (url: string, payload: object, remoteAddress?: string, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const attempt = (email: string, password: string, remoteAddress?: string) =>
  post(LOGIN, { email, password }, remoteAddress);
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: CUSTOMER, headers: bearer(token) });
const tokenOf = (link: string) => link.split('/').pop()!;

/** Every link mailed to `email` whose path contains `part`, oldest first. */
async function links(email: string, part: string, app: TestApp = t): Promise<string[]> {
  // Forgot-password and resend mails go out after the answer.
  await app.app.background.idle();
  return (await readOutbox(app.dataDir, email))
    .map((mail) => mail.link)
    .filter((link): link is string => Boolean(link?.includes(part)));
}

async function resetLink(email: string): Promise<string> {
  const link = (await links(email, '/reset-password/')).at(-1);
  if (!link) throw new Error(`no reset e-mail to ${email}`);
  return link;
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('pre-registration (issue 13.3)', () => {
  it("the owner's later registration wins: their link activates their password, not the squatter's", async () => {
    const squatter = newUser({ password: 'Squat#7731' });
    const owner = { ...newUser({ password: 'Owner#4420' }), email: squatter.email };
    expect((await post(REGISTER, squatter)).statusCode).toBe(200);
    expect((await post(REGISTER, owner)).statusCode).toBe(200);
    const ownerLink = await verificationLink(t.dataDir, owner.email);
    expect(
      (await t.app.inject({ method: 'PUT', url: VERIFY, payload: { uuid: tokenOf(ownerLink) } }))
        .statusCode,
    ).toBe(200);
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(200);
    expect((await attempt(owner.email, squatter.password)).statusCode).toBe(401);
  });

  it('each link activates the registration that sent it; once one is used the others die', async () => {
    const owner = newUser({ password: 'Owner#4420', firstName: 'Olga' });
    const squatter = {
      ...newUser({ password: 'Squat#7731', firstName: 'Mallory' }),
      email: owner.email,
    };
    await post(REGISTER, owner);
    const [ownerLink] = await links(owner.email, '/emailverification/');
    await post(REGISTER, squatter);
    const squatterLink = (await links(owner.email, '/emailverification/'))[1]!;
    // The owner clicks the link of their own (earlier) registration.
    const verified = await t.app.inject({
      method: 'PUT',
      url: VERIFY,
      payload: { uuid: tokenOf(ownerLink!) },
    });
    expect(verified.statusCode).toBe(200);
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(200);
    expect((await attempt(owner.email, squatter.password)).statusCode).toBe(401);
    const { rows } = await t.app.db.query<{ first_name: string }>(
      'SELECT first_name FROM users WHERE email = $1',
      [owner.email],
    );
    expect(rows[0]!.first_name).toBe('Olga');
    // The squatter's link, still in the owner's mailbox, can no longer change the password.
    const late = await t.app.inject({
      method: 'PUT',
      url: VERIFY,
      payload: { uuid: tokenOf(squatterLink) },
    });
    expect(late.statusCode).toBe(400);
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('password reset by e-mail (issue 13.3)', () => {
  it('answers the same 202 for an existing, an unverified and an unknown address; mails only accounts', async () => {
    const user = await createVerifiedUser(t);
    const unverified = newUser();
    await post(REGISTER, unverified);
    const answers = [
      await post(FORGOT, { email: user.email }),
      await post(FORGOT, { email: unverified.email }),
      await post(FORGOT, { email: 'nobody-here@example.com' }),
    ];
    // A NUL byte is malformed input, refused like any other before the route (issue 13 §6):
    // it says nothing about whether an account exists.
    expect((await post(FORGOT, { email: 'not an address\u0000' })).statusCode).toBe(400);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(stable(res.headers)).toEqual(stable(answers[0]!.headers));
    }
    expect(answers[0]!.json()).toEqual({ message: expect.stringMatching(/reset the password/) });
    expect(await links('nobody-here@example.com', '/reset-password/')).toEqual([]);
    expect(await links(user.email as string, '/reset-password/')).toHaveLength(1);
    expect(await links(unverified.email, '/reset-password/')).toHaveLength(1);
  });

  it('answers before the account is even looked up (the same time whether or not it exists)', async () => {
    const user = await createVerifiedUser(t);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = t.app.mailer.send.bind(t.app.mailer);
    const spy = vi.spyOn(t.app.mailer, 'send').mockImplementation(async (mail) => {
      await held;
      return send(mail);
    });
    try {
      const res = await post(FORGOT, { email: user.email });
      expect(res.statusCode).toBe(202);
      release();
      await t.app.background.idle();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      release();
      spy.mockRestore();
    }
    expect(await links(user.email as string, '/reset-password/')).toHaveLength(1);
  });

  it('sends one mail for a burst of requests for one account', async () => {
    const user = await createVerifiedUser(t);
    await Promise.all(Array.from({ length: 5 }, () => post(FORGOT, { email: user.email })));
    expect(await links(user.email as string, '/reset-password/')).toHaveLength(1);
  });

  it('mails a single-use link from PUBLIC_URL (32 random bytes, only the hash stored) that sets the password', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    const res = await t.app.inject({
      method: 'POST',
      url: FORGOT,
      payload: { email: email.toUpperCase() },
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(202);
    const link = await resetLink(email);
    expect(link).toMatch(/^http:\/\/specform\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const mail = (await readOutbox(t.dataDir, email)).at(-1)!;
    expect(mail.subject).toMatch(/reset your password/);
    expect(
      JSON.stringify((await t.app.db.query('SELECT * FROM password_resets')).rows),
    ).not.toContain(token);

    // The shared password rule applies, and a rejected password does not spend the link.
    for (const [password, why] of [
      ['short', /6-20 characters/],
      ['password', /too common/],
      ['', /must not be empty/],
    ] as const) {
      const bad = await post(RESET, { token, password });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: expect.stringMatching(why) });
    }
    const ok = await post(RESET, { token, password: 'NewPass#42' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.stringMatching(/password has been changed/) });
    expect((await attempt(email, user.password as string)).statusCode).toBe(401);
    expect((await attempt(email, 'NewPass#42')).statusCode).toBe(200);
    // Once only.
    const again = await post(RESET, { token, password: 'Other#4242' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: expect.stringMatching(/already been used/) });
    expect((await post(RESET, { token: 'A'.repeat(43), password: 'Other#4242' })).statusCode).toBe(
      404,
    );
    expect((await post(RESET, { token: 'nope', password: 'Other#4242' })).statusCode).toBe(400);
    expect((await post(RESET, { token })).statusCode).toBe(400);
  });

  it('expires after an hour', async () => {
    const user = await createVerifiedUser(t);
    await post(FORGOT, { email: user.email });
    const token = tokenOf(await resetLink(user.email as string));
    t.clock.advance(3600 + 1);
    try {
      const res = await post(RESET, { token, password: 'NewPass#42' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.stringMatching(/not found or expired/) });
    } finally {
      t.clock.advance(-(3600 + 1));
    }
    expect((await attempt(user.email as string, user.password as string)).statusCode).toBe(200);
  });

  it('ends every session: access and refresh tokens of all logins stop working at once', async () => {
    const user = await signedInUser(t);
    const second = await login(t, user.email, user.password);
    expect((await profile(user.tokens.accessToken)).statusCode).toBe(200);
    expect((await profile(second.accessToken)).statusCode).toBe(200);
    await post(FORGOT, { email: user.email });
    const token = tokenOf(await resetLink(user.email));
    expect((await post(RESET, { token, password: 'NewPass#42' })).statusCode).toBe(200);
    for (const pair of [user.tokens, second]) {
      expect((await profile(pair.accessToken)).statusCode).toBe(401);
      expect((await post(REFRESH, { refreshToken: pair.refreshToken })).statusCode).toBe(401);
    }
  });

  it("lets the owner take an account a squatter registered and verified, and ends the squatter's sessions", async () => {
    // The owner clicked the squatter's link by mistake: the account has the squatter's password.
    const squatter = await signedInUser(t, { password: 'Squat#7731' });
    await post(FORGOT, { email: squatter.email });
    const token = tokenOf(await resetLink(squatter.email));
    expect((await post(RESET, { token, password: 'Owner#4420' })).statusCode).toBe(200);
    expect((await profile(squatter.tokens.accessToken)).statusCode).toBe(401);
    expect((await attempt(squatter.email, 'Squat#7731')).statusCode).toBe(401);
    expect((await attempt(squatter.email, 'Owner#4420')).statusCode).toBe(200);
  });

  it('verifies an unverified account (the link proves the mailbox) and spends its verification links', async () => {
    const form = newUser();
    await post(REGISTER, form);
    const verifyLink = await verificationLink(t.dataDir, form.email);
    await post(FORGOT, { email: form.email });
    const token = tokenOf(await resetLink(form.email));
    expect((await post(RESET, { token, password: 'Owner#4420' })).statusCode).toBe(200);
    expect((await attempt(form.email, 'Owner#4420')).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'PUT',
      url: VERIFY,
      payload: { uuid: tokenOf(verifyLink) },
    });
    expect(late.statusCode).toBe(400);
    expect((await attempt(form.email, form.password)).statusCode).toBe(401);
  });

  it('mails an account at most once a minute, and the route is rate-limited per address', async () => {
    const user = await createVerifiedUser(t);
    await post(FORGOT, { email: user.email });
    await post(FORGOT, { email: user.email });
    expect(await links(user.email as string, '/reset-password/')).toHaveLength(1);
    t.clock.advance(61);
    try {
      await post(FORGOT, { email: user.email });
      await t.app.background.idle();
    } finally {
      t.clock.advance(-61);
    }
    expect(await links(user.email as string, '/reset-password/')).toHaveLength(2);

    const limited = await buildTestApp({
      ...borrowDb(t),
      rateLimit: { windowSeconds: 60, max: 1000, authMax: 2 },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push(
          (await post(FORGOT, { email: 'x@example.com' }, '10.9.0.1', limited)).statusCode,
        );
      }
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset e-mail (issue 13.3)', () => {
  it('is bilingual, names the lifetime and carries the link in text and HTML (escaped)', () => {
    const link = 'http://specform.test/reset-password/abc?x=1&y=<2>';
    const mail = passwordResetMail('Ann <b>', link, 60);
    expect(mail.subject).toBe('Specform: reset your password / сброс пароля');
    expect(mail.text).toContain('Hello, Ann <b>!');
    expect(mail.text).toContain('Здравствуйте, Ann <b>!');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.text).toContain('в течение 60 мин.');
    expect(mail.text.split(link)).toHaveLength(3);
    expect(mail.html).toContain('Ann &#60;b&#62;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      'href="http://specform.test/reset-password/abc?x=1&#38;y=&#60;2&#62;"',
    );
    expect(mail.html).toContain('Set a new password');
    expect(mail.html).toContain('Задать новый пароль');
  });
});

describe('lockout (issue 13.4)', () => {
  it('a burst of 25 wrong passwords in flight locks the account before the right one from the same address is checked', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    const passwords = t.app.passwords;
    const verify = passwords.verify.bind(passwords);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold the wrong passwords inside the hash check, as a slow argon2 would under load.
    const spy = vi.spyOn(passwords, 'verify').mockImplementation(async (phc, password) => {
      if (password === 'Wrong#123') await gate;
      return verify(phc, password);
    });
    try {
      const wrong = Array.from({ length: 25 }, () => attempt(email, 'Wrong#123', '10.1.1.1'));
      await waitFor(() => spy.mock.calls.length >= 25, 'the 25 wrong attempts');
      const right = await attempt(email, user.password as string, '10.1.1.1');
      release();
      const answers = await Promise.all(wrong);
      expect(right.statusCode).toBe(401);
      expect(right.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(answers.every((res) => res.statusCode === 401)).toBe(true);
    } finally {
      release();
      spy.mockRestore();
    }
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM refresh_families f JOIN users u ON u.id = f.user_id WHERE u.email = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('counts a concurrent burst exactly: the lock holds for the right password afterwards', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    await Promise.all(Array.from({ length: 25 }, () => attempt(email, 'Wrong#123', '10.1.1.2')));
    const { rows } = await t.app.db.query<{ failures: number }>(
      `SELECT f.failures FROM login_failures f JOIN users u ON u.id = f.user_id
       WHERE u.email = $1 AND f.ip = '10.1.1.2'`,
      [email],
    );
    // Attempts made while locked are not counted: exactly the threshold.
    expect(rows[0]!.failures).toBe(t.app.config.lockout.threshold);
    expect((await attempt(email, user.password as string, '10.1.1.2')).statusCode).toBe(401);
  });

  it('an attacker on another address cannot lock the owner out', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    for (let i = 0; i < 25; i += 1) await attempt(email, 'Wrong#123', '10.6.6.6');
    expect((await attempt(email, user.password as string, '10.6.6.6')).statusCode).toBe(401);
    expect((await attempt(email, user.password as string, '10.2.2.2')).statusCode).toBe(200);
  });

  it('a much higher per-account ceiling locks the account for every address; the fake clock unlocks it', async () => {
    const strict = await buildTestApp({
      ...borrowDb(t),
      lockout: {
        threshold: 3,
        baseSeconds: 30,
        maxSeconds: 900,
        accountThreshold: 6,
        resetSeconds: 43200,
      },
    });
    strict.clock.offsetMs = t.clock.offsetMs;
    try {
      const user = await createVerifiedUser(t);
      const email = user.email as string;
      const at = (ip: string, password: string) => post(LOGIN, { email, password }, ip, strict);
      // Two failures from each of three addresses: no address reaches its threshold of 3 …
      for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
        for (let i = 0; i < 2; i += 1) expect((await at(ip, 'Wrong#123')).statusCode).toBe(401);
      }
      // … but the account reached its ceiling of 6: even the owner, from a fresh address, waits.
      const locked = await at('10.3.0.4', user.password as string);
      expect(locked.statusCode).toBe(401);
      strict.clock.advance(31);
      expect((await at('10.3.0.4', user.password as string)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('lockout: failures are forgotten after a quiet period (issue 13.4)', () => {
  it('forgets failures after LOGIN_FAILURE_RESET_SECONDS without a newer one', async () => {
    const user = await createVerifiedUser(t);
    const email = user.email as string;
    const { threshold, resetSeconds } = t.app.config.lockout;
    for (let i = 0; i < threshold - 1; i += 1) await attempt(email, 'Wrong#123', '10.4.0.1');
    t.clock.advance(resetSeconds + 1);
    try {
      // Without the reset this failure would be the threshold-th and lock the address.
      await attempt(email, 'Wrong#123', '10.4.0.1');
      expect((await attempt(email, user.password as string, '10.4.0.1')).statusCode).toBe(200);
      // And within the period they add up as before.
      for (let i = 0; i < threshold; i += 1) await attempt(email, 'Wrong#123', '10.4.0.1');
      expect((await attempt(email, user.password as string, '10.4.0.1')).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(resetSeconds + 1));
    }
  });
});

describe('logout ends the access token at once (issue 13.7)', () => {
  it('access tokens carry the session id; after logout the access token gets 401 immediately', async () => {
    const user = await signedInUser(t);
    const other = await login(t, user.email, user.password);
    const claims = decodeJwt(user.tokens.accessToken);
    expect(claims.sid).toBe(decodeJwt(user.tokens.refreshToken).sid);
    expect((await profile(user.tokens.accessToken)).statusCode).toBe(200);
    const out = await post(LOGOUT, { refreshToken: user.tokens.refreshToken });
    expect(out.statusCode).toBe(204);
    const after = await profile(user.tokens.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: expect.any(String) });
    // Another session of the same account is untouched.
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('refuses a session revoked by another instance once the short cache runs out', async () => {
    const user = await signedInUser(t);
    expect((await profile(user.tokens.accessToken)).statusCode).toBe(200);
    const sid = decodeJwt(user.tokens.accessToken).sid as string;
    await t.app.db.query('UPDATE refresh_families SET revoked_at = now() WHERE id = $1', [sid]);
    t.clock.advance(t.app.config.sessionCacheSeconds + 1);
    try {
      expect((await profile(user.tokens.accessToken)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(t.app.config.sessionCacheSeconds + 1));
    }
  });

  it('refuses, at once, the access token of a session revoked for refresh-token reuse', async () => {
    const user = await signedInUser(t);
    const rotated = (
      await post(REFRESH, { refreshToken: user.tokens.refreshToken })
    ).json<TokenPair>();
    expect((await profile(rotated.accessToken)).statusCode).toBe(200);
    // Replaying the spent refresh token revokes the family (RFC 9700): its access tokens die too.
    expect((await post(REFRESH, { refreshToken: user.tokens.refreshToken })).statusCode).toBe(401);
    expect((await profile(rotated.accessToken)).statusCode).toBe(401);
  });
});

describe('login before verifying the e-mail (issue 13.10)', () => {
  it('says "not verified" only after the right password; a wrong one gets the one generic 401', async () => {
    const form = newUser();
    await post(REGISTER, form);
    const right = await attempt(form.email, form.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      message: expect.stringMatching(/not verified yet/),
      code: 'EMAIL_NOT_VERIFIED',
    });
    const russian = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: form.email, password: form.password },
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.json().message).toMatch(/ещё не подтверждён/);
    const wrong = await attempt(form.email, 'Wrong#123');
    const unknown = await attempt('nobody-at-all@example.com', 'Wrong#123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.rawPayload.equals(unknown.rawPayload)).toBe(true);
    expect(stable(wrong.headers)).toEqual(stable(unknown.headers));
  });

  it('a locked unverified account says nothing more, even to the right password', async () => {
    const form = newUser();
    await post(REGISTER, form);
    for (let i = 0; i < t.app.config.lockout.threshold; i += 1)
      await attempt(form.email, 'Wrong#123');
    const res = await attempt(form.email, form.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBeUndefined();
  });

  it('resend: the same 202 for any address; an unverified account gets a working link, at most once a minute', async () => {
    const form = newUser();
    await post(REGISTER, form);
    const verified = await createVerifiedUser(t);
    const answers = [
      await post(RESEND, { email: form.email }),
      await post(RESEND, { email: verified.email }),
      await post(RESEND, { email: 'nobody-at-all@example.com' }),
    ];
    expect((await post(RESEND, { email: 'bad\u0000' })).statusCode).toBe(400);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    // Within a minute of the registration's own mail: nothing more is sent.
    expect(await links(form.email, '/emailverification/')).toHaveLength(1);
    expect(await links(verified.email as string, '/emailverification/')).toHaveLength(1);
    t.clock.advance(61);
    try {
      await post(RESEND, { email: form.email });
      await post(RESEND, { email: form.email });
      await t.app.background.idle();
    } finally {
      t.clock.advance(-61);
    }
    const sent = await links(form.email, '/emailverification/');
    expect(sent).toHaveLength(2);
    const res = await t.app.inject({
      method: 'PUT',
      url: VERIFY,
      payload: { uuid: tokenOf(sent[1]!) },
    });
    expect(res.statusCode).toBe(200);
    expect((await attempt(form.email, form.password)).statusCode).toBe(200);
  });

  it('resend is rate-limited per address', async () => {
    const limited = await buildTestApp({
      ...borrowDb(t),
      rateLimit: { windowSeconds: 60, max: 1000, authMax: 2 },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push(
          (await post(RESEND, { email: 'x@example.com' }, '10.9.0.2', limited)).statusCode,
        );
      }
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});
