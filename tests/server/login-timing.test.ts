/**
 * Issue 21 §7: login takes the same time for known and unknown addresses. A statistical timing
 * test would be flaky, so this checks the cause instead: up to the answer, a wrong password for
 * a known address (verified or not) and any password for an unknown one make the same database
 * round trips — the same number, the same kinds (read, write), in the same order, touching the
 * same number of rows — and exactly one hash verification. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser, newUser, type TestApp, useTestApp } from './helpers';

interface Trace {
  /** 'read' or 'write' per statement, in order. */
  kinds: string[];
  /** Rows each statement returned. */
  rows: number[];
  hashChecks: number;
  status: number;
}

/** Runs one login and records every statement it sends and every hash it checks. */
async function trace(t: TestApp, email: string, password: string, ip: string): Promise<Trace> {
  const db = t.app.db;
  const original = db.query.bind(db);
  const kinds: string[] = [];
  const rows: number[] = [];
  const query = vi.spyOn(db, 'query').mockImplementation((async (
    sql: string,
    params?: unknown[],
  ) => {
    const result = await original(sql, params);
    kinds.push(/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) ? 'write' : 'read');
    rows.push(result.rows.length);
    return result;
  }) as typeof db.query);
  // verifyDummy checks against a dummy hash through verify: one argon2 run either way.
  const verify = vi.spyOn(t.app.passwords, 'verify');
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
    return {
      kinds,
      rows,
      hashChecks: verify.mock.calls.length,
      status: res.statusCode,
    };
  } finally {
    query.mockRestore();
    verify.mockRestore();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('login does the same work for known and unknown addresses (issue 21 §7)', () => {
  const t = useTestApp();

  it('the same round trips, writes and hash checks up to the answer', async () => {
    const known = await createVerifiedUser(t);
    // An unverified registration: its password is the pending one (issue 13.3).
    const pending = newUser();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/public/v1/registration',
          payload: pending,
        })
      ).statusCode,
    ).toBe(200);

    const unknown = await trace(t, 'nobody-here@example.com', 'Wrong#123', '10.9.0.1');
    const wrong = await trace(t, known.email as string, 'Wrong#123', '10.9.0.1');
    const unverified = await trace(t, pending.email, 'Wrong#123', '10.9.0.1');

    for (const result of [unknown, wrong, unverified]) expect(result.status).toBe(401);
    // One lookup, then two counted writes, each touching one row; one hash check.
    expect(wrong.kinds).toEqual(['read', 'write', 'write']);
    expect(wrong.rows).toEqual([1, 1, 1]);
    expect(unknown.kinds).toEqual(wrong.kinds);
    expect(unknown.rows).toEqual([0, 1, 1]);
    expect(unverified.kinds).toEqual(wrong.kinds);
    expect([unknown, wrong, unverified].map((r) => r.hashChecks)).toEqual([1, 1, 1]);

    // Repeated attempts stay alike, up to and past the lock (the first counter locked: one write).
    const { threshold } = t.app.config.lockout;
    for (let i = 0; i < threshold + 1; i += 1) {
      const a = await trace(t, 'nobody-here@example.com', 'Wrong#123', '10.9.0.2');
      const b = await trace(t, known.email as string, 'Wrong#123', '10.9.0.2');
      expect(a.kinds, `attempt ${i + 2}`).toEqual(b.kinds);
      expect(a.hashChecks).toBe(b.hashChecks);
    }
  });

  it('the right password still logs in, and failures at unknown addresses lock nothing real', async () => {
    const user = await createVerifiedUser(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await trace(t, `ghost${i}@example.com`, 'Wrong#123', '10.9.0.3')).status).toBe(401);
    }
    const ok = await trace(t, user.email as string, user.password as string, '10.9.0.3');
    expect(ok.status).toBe(200);
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_decoys',
    );
    expect(rows[0]!.n).toBe(4096);
  });
});
