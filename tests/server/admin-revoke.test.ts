/**
 * Issue 21 §3: admin rights end when they are removed. Admin routes read the role from the
 * database on every request, so a demoted admin's access token — still valid for up to five
 * minutes and still saying "admin" — is refused at once, and he cannot grant himself the role
 * back. Admins are listed and revoked from the panel; the last admin and ADMIN_EMAILS admins
 * cannot be revoked there. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { bearer, login, signedInUser, type TestApp, useTestApp } from './helpers';

interface Admin {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  configured: boolean;
}

const roles = (accessToken: string): string[] =>
  (
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      realm_access: { roles: string[] };
    }
  ).realm_access.roles;

function adminApi(t: TestApp, accessToken: string) {
  const headers = bearer(accessToken);
  return {
    grant: (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/grants', headers, payload: { email } }),
    list: () => t.app.inject({ method: 'GET', url: '/api/v1/admin/admins', headers }),
    revoke: (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/admin/admins/${id}`, headers }),
  };
}

/** A signed-in account whose stored roles include admin, with a token that says so. */
async function storedAdmin(t: TestApp) {
  const user = await signedInUser(t);
  await t.app.db.query(`UPDATE users SET roles = array_append(roles, 'admin') WHERE email = $1`, [
    user.email,
  ]);
  const tokens = await login(t, user.email, user.password);
  expect(roles(tokens.accessToken)).toContain('admin');
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    user.email,
  ]);
  return { ...user, id: rows[0]!.id, tokens, api: adminApi(t, tokens.accessToken) };
}

describe('a demoted admin (issue 21 §3)', () => {
  const t = useTestApp({ adminEmails: ['root@example.com'] });

  it('is refused at once with his still-valid token, and cannot re-grant himself', async () => {
    const mallory = await storedAdmin(t);
    expect((await mallory.api.list()).statusCode).toBe(200);
    // The role is removed behind his back (another admin, or the database).
    await t.app.db.query(`UPDATE users SET roles = array_remove(roles, 'admin') WHERE id = $1`, [
      mallory.id,
    ]);
    // His access token is unexpired and still carries the role…
    expect(roles(mallory.tokens.accessToken)).toContain('admin');
    // …but every admin route refuses it now, not in five minutes.
    const grant = await mallory.api.grant(mallory.email);
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toEqual({ message: 'Forbidden' });
    expect((await mallory.api.list()).statusCode).toBe(403);
    expect((await mallory.api.revoke(mallory.id)).statusCode).toBe(403);
    const { rows } = await t.app.db.query<{ roles: string[] }>(
      'SELECT roles FROM users WHERE id = $1',
      [mallory.id],
    );
    expect(rows[0]!.roles).toEqual(['user']);
    // His next token no longer says admin.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/refresh',
      payload: { refreshToken: mallory.tokens.refreshToken },
    });
    expect(roles(refreshed.json<{ accessToken: string }>().accessToken)).toEqual(['user']);
  });

  it('a role granted in the database counts at once; ADMIN_EMAILS admins are admins too', async () => {
    const root = await signedInUser(t, { email: 'root@example.com' });
    const user = await signedInUser(t);
    const api = adminApi(t, user.tokens.accessToken);
    expect((await api.list()).statusCode).toBe(403);
    expect((await adminApi(t, root.tokens.accessToken).grant(user.email)).statusCode).toBe(200);
    // The token says "user" only; the database says admin, and the database decides.
    expect(roles(user.tokens.accessToken)).toEqual(['user']);
    expect((await api.list()).statusCode).toBe(200);
  });
});

describe('GET/DELETE /api/v1/admin/admins (issue 21 §3)', () => {
  const t = useTestApp({ adminEmails: ['chief@example.com'] });

  it('lists admins and revokes one; the revoked admin is refused at once', async () => {
    const chief = await signedInUser(t, { email: 'chief@example.com' });
    const chiefApi = adminApi(t, chief.tokens.accessToken);
    const bob = await storedAdmin(t);
    const list = await chiefApi.list();
    expect(list.statusCode).toBe(200);
    const admins = list.json<Admin[]>();
    expect(admins.map((a) => a.email)).toEqual(
      [bob.email, 'chief@example.com'].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(admins.find((a) => a.email === bob.email)).toMatchObject({
      id: bob.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      configured: false,
    });
    expect(admins.find((a) => a.email === 'chief@example.com')!.configured).toBe(true);

    const revoked = await chiefApi.revoke(bob.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ message: string }>().message).toContain(bob.email);
    expect((await bob.api.list()).statusCode).toBe(403);
    expect((await bob.api.grant(bob.email)).statusCode).toBe(403);
    expect((await chiefApi.list()).json<Admin[]>().map((a) => a.email)).toEqual([
      'chief@example.com',
    ]);
    // Revoking again: no longer an admin.
    expect((await chiefApi.revoke(bob.id)).statusCode).toBe(404);
  });

  it('refuses to revoke an ADMIN_EMAILS admin, a bad id, and non-admin callers', async () => {
    // Registered by the test above.
    const chief = await login(t, 'chief@example.com', 'Kq7#mZ2p');
    const chiefApi = adminApi(t, chief.accessToken);
    const chiefId = (await chiefApi.list()).json<Admin[]>().find((a) => a.configured)!.id;
    const configured = await chiefApi.revoke(chiefId);
    expect(configured.statusCode).toBe(409);
    expect(configured.json<{ message: string }>().message).toMatch(/ADMIN_EMAILS/);
    expect((await chiefApi.revoke('not-a-uuid')).statusCode).toBe(400);
    expect((await chiefApi.revoke('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const user = await signedInUser(t);
    expect((await adminApi(t, user.tokens.accessToken).revoke(chiefId)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/admins/${chiefId}` })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/admins' })).statusCode).toBe(
      401,
    );
  });
});

describe('the last admin (issue 21 §3)', () => {
  const t = useTestApp({ adminEmails: [] });

  it('cannot be revoked, not even by himself; another admin can revoke himself', async () => {
    const alice = await storedAdmin(t);
    const last = await alice.api.revoke(alice.id);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toMatch(/last admin/);
    const bob = await storedAdmin(t);
    // With two admins, one may step down.
    expect((await bob.api.revoke(bob.id)).statusCode).toBe(200);
    expect((await bob.api.list()).statusCode).toBe(403);
    expect((await alice.api.revoke(alice.id)).statusCode).toBe(409);
  });

  it('two admins revoking each other at once leave one admin', async () => {
    const { rows: before } = await t.app.db.query<{ id: string }>(
      `SELECT id FROM users WHERE 'admin' = ANY(roles)`,
    );
    for (const row of before) {
      await t.app.db.query(`UPDATE users SET roles = array_remove(roles, 'admin') WHERE id = $1`, [
        row.id,
      ]);
    }
    const a = await storedAdmin(t);
    const b = await storedAdmin(t);
    const results = await Promise.all([a.api.revoke(b.id), b.api.revoke(a.id)]);
    const codes = results.map((r) => r.statusCode).sort();
    // Either one wins and the other finds itself refused (403 or 409), or both are refused.
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    const { rows } = await t.app.db.query(`SELECT id FROM users WHERE 'admin' = ANY(roles)`);
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
