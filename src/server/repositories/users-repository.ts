import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** argon2id PHC string; null until the account's e-mail is verified. */
  password_hash: string | null;
  verified_at: Date | null;
  roles: string[];
  failed_logins: number;
  locked_until: Date | null;
  subscription_until: Date | null;
  created_at: Date;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Null for a new, unverified registration: its password travels with the link. */
  passwordHash: string | null;
  verifiedAt?: Date | null;
  subscriptionUntil?: Date | null;
}

export interface LockoutPolicy {
  /** Failures per account and client address before a temporary lock. */
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  /** Failures per account, from all addresses together, before the account itself locks. */
  accountThreshold: number;
  /** Failures with no newer one for this long are forgotten. */
  resetSeconds: number;
}

/** SQL for base·2^(n−threshold) seconds capped at max, as an interval ($n: failures so far). */
const lockWait = (failures: string, threshold: string, base: string, max: string) =>
  `make_interval(secs => LEAST(${max}::float8, ${base}::float8 * power(2::float8, (${failures} - ${threshold})::float8)))`;

/**
 * SQL for a failure counter with failures older than resetSeconds without a newer one forgotten
 * (Keycloak's "failure reset time"); a counter that is locked right now is left alone.
 */
const counted = (failures: string, last: string, at: string, reset: string) =>
  `(CASE WHEN ${last} IS NULL OR ${last} <= ${at}::timestamptz - make_interval(secs => ${reset}::float8) THEN 0 ELSE ${failures} END)`;

/** Rows of login_decoys (migration 006). */
const DECOY_BUCKETS = 4096;

/** A bucket of login_decoys for these parts (an address, a client address). */
const decoyBucket = (...parts: string[]): number =>
  createHash('sha256').update(parts.join('\n')).digest().readUInt32BE(0) % DECOY_BUCKETS;

/** E-mail addresses are stored and compared in lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Accounts: creation, lookup, login failure bookkeeping, roles. */
export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string, tx: Db = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE email = $1', [
        normalizeEmail(email),
      ]);
      return rows[0];
    },

    /**
     * The account for a login, with the password of its latest pending registration (used until
     * the address is verified) in the same round trip: every login makes the same number of
     * queries before the password check, so timing does not tell which addresses exist.
     */
    async findForLogin(
      email: string,
      tx: Db = db,
    ): Promise<(UserRow & { pending_password_hash: string | null }) | undefined> {
      const { rows } = await tx.query<UserRow & { pending_password_hash: string | null }>(
        `SELECT u.*, CASE WHEN u.verified_at IS NULL THEN (
                  SELECT v.password_hash FROM verification_tokens v
                   WHERE v.user_id = u.id AND v.password_hash IS NOT NULL
                   ORDER BY v.created_at DESC LIMIT 1) END AS pending_password_hash
           FROM users u WHERE u.email = $1`,
        [normalizeEmail(email)],
      );
      return rows[0];
    },

    async findById(id: string, tx: Db = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
      return rows[0];
    },

    /** Inserts the user; undefined when the e-mail is already taken (no error, no leak). */
    async create(user: NewUser, tx: Db = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, verified_at, subscription_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (email) DO NOTHING
         RETURNING *`,
        [
          randomUUID(),
          normalizeEmail(user.email),
          user.firstName,
          user.lastName,
          user.passwordHash,
          user.verifiedAt ?? null,
          user.subscriptionUntil ?? null,
        ],
      );
      return rows[0];
    },

    async markVerified(id: string, now: Date, tx: Db = db): Promise<void> {
      await tx.query('UPDATE users SET verified_at = COALESCE(verified_at, $2) WHERE id = $1', [
        id,
        now,
      ]);
    },

    /**
     * Counts one login attempt as a failure before the password is checked, and says whether the
     * account was locked just before it — for this client address (`threshold`) or for the
     * account as a whole (`accountThreshold`). Each counter is one atomic statement, so of N
     * concurrent attempts exactly the first `threshold` see an unlocked account; a right password
     * then clears the counters with {@link loginSucceeded}. Attempts made while locked are not
     * counted (they do not lengthen the lock). From the threshold on, every failure locks for
     * base·2^(failures−threshold) seconds, capped at maxSeconds.
     */
    async reserveLoginAttempt(
      id: string,
      ip: string,
      now: Date,
      policy: LockoutPolicy,
      tx: Db = db,
    ): Promise<{ locked: boolean }> {
      const ipCount = counted('f.failures', 'f.updated_at', '$3', '$7');
      const perIp = await tx.query<{ was_locked: boolean }>(
        `INSERT INTO login_failures AS f (user_id, ip, failures, locked_until, was_locked, updated_at)
         VALUES ($1, $2, 1, CASE WHEN 1 >= $4 THEN $3::timestamptz + ${lockWait('1', '$4', '$5', '$6')} END, false, $3)
         ON CONFLICT (user_id, ip) DO UPDATE SET
           was_locked = COALESCE(f.locked_until > $3, false),
           failures = CASE WHEN f.locked_until > $3 THEN f.failures ELSE ${ipCount} + 1 END,
           locked_until = CASE
             WHEN f.locked_until > $3 THEN f.locked_until
             WHEN ${ipCount} + 1 >= $4 THEN $3::timestamptz + ${lockWait(`${ipCount} + 1`, '$4', '$5', '$6')}
             ELSE f.locked_until END,
           updated_at = CASE WHEN f.locked_until > $3 THEN f.updated_at ELSE $3 END
         RETURNING was_locked`,
        [id, ip, now, policy.threshold, policy.baseSeconds, policy.maxSeconds, policy.resetSeconds],
      );
      if (perIp.rows[0]?.was_locked) return { locked: true };
      const accountCount = counted('failed_logins', 'last_failed_login_at', '$2', '$6');
      const account = await tx.query<{ login_was_locked: boolean }>(
        `UPDATE users SET
           login_was_locked = COALESCE(locked_until > $2, false),
           failed_logins = CASE WHEN locked_until > $2 THEN failed_logins ELSE ${accountCount} + 1 END,
           locked_until = CASE
             WHEN locked_until > $2 THEN locked_until
             WHEN ${accountCount} + 1 >= $3 THEN $2::timestamptz + ${lockWait(`${accountCount} + 1`, '$3', '$4', '$5')}
             ELSE locked_until END,
           last_failed_login_at = CASE WHEN locked_until > $2 THEN last_failed_login_at ELSE $2 END
         WHERE id = $1
         RETURNING login_was_locked`,
        [
          id,
          now,
          policy.accountThreshold,
          policy.baseSeconds,
          policy.maxSeconds,
          policy.resetSeconds,
        ],
      );
      return { locked: account.rows[0]?.login_was_locked ?? true };
    },

    /**
     * The database work of {@link reserveLoginAttempt} for an address that has no account: the
     * same two counted writes, with the same lock arithmetic and the same early end
     * when the first counter is locked, on login_decoys buckets instead of an account's rows, so
     * that a login takes as long whether the address is known or not. Nothing is returned: the
     * attempt fails anyway.
     */
    async reserveDecoyAttempt(
      email: string,
      ip: string,
      now: Date,
      policy: LockoutPolicy,
      tx: Db = db,
    ): Promise<void> {
      const address = normalizeEmail(email);
      const ipCount = counted('f.failures', 'f.updated_at', '$2', '$6');
      const perIp = await tx.query<{ was_locked: boolean }>(
        `INSERT INTO login_decoys AS f (bucket, failures, locked_until, was_locked, updated_at)
         VALUES ($1, 1, CASE WHEN 1 >= $3 THEN $2::timestamptz + ${lockWait('1', '$3', '$4', '$5')} END, false, $2)
         ON CONFLICT (bucket) DO UPDATE SET
           was_locked = COALESCE(f.locked_until > $2, false),
           failures = CASE WHEN f.locked_until > $2 THEN f.failures ELSE ${ipCount} + 1 END,
           locked_until = CASE
             WHEN f.locked_until > $2 THEN f.locked_until
             WHEN ${ipCount} + 1 >= $3 THEN $2::timestamptz + ${lockWait(`${ipCount} + 1`, '$3', '$4', '$5')}
             ELSE f.locked_until END,
           updated_at = CASE WHEN f.locked_until > $2 THEN f.updated_at ELSE $2 END
         RETURNING was_locked`,
        [
          decoyBucket(address, ip),
          now,
          policy.threshold,
          policy.baseSeconds,
          policy.maxSeconds,
          policy.resetSeconds,
        ],
      );
      if (perIp.rows[0]?.was_locked) return;
      const accountCount = counted('failed_logins', 'last_failed_login_at', '$2', '$6');
      await tx.query(
        `UPDATE login_decoys SET
           login_was_locked = COALESCE(account_locked_until > $2, false),
           failed_logins = CASE WHEN account_locked_until > $2 THEN failed_logins ELSE ${accountCount} + 1 END,
           account_locked_until = CASE
             WHEN account_locked_until > $2 THEN account_locked_until
             WHEN ${accountCount} + 1 >= $3 THEN $2::timestamptz + ${lockWait(`${accountCount} + 1`, '$3', '$4', '$5')}
             ELSE account_locked_until END,
           last_failed_login_at = CASE WHEN account_locked_until > $2 THEN last_failed_login_at ELSE $2 END
         WHERE bucket = $1
         RETURNING login_was_locked`,
        [
          decoyBucket(address),
          now,
          policy.accountThreshold,
          policy.baseSeconds,
          policy.maxSeconds,
          policy.resetSeconds,
        ],
      );
    },

    /** The right password: clears this address's counter and the account's. */
    async loginSucceeded(id: string, ip: string, tx: Db = db): Promise<void> {
      await tx.query('DELETE FROM login_failures WHERE user_id = $1 AND ip = $2', [id, ip]);
      await tx.query(
        'UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1 AND (failed_logins <> 0 OR locked_until IS NOT NULL)',
        [id],
      );
    },

    async updatePasswordHash(id: string, passwordHash: string, tx: Db = db): Promise<void> {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    /** Adds a role (the admin command); false when there is no such account. */
    async grantRole(email: string, role: string, tx: Db = db): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE users SET roles = CASE WHEN $2 = ANY(roles) THEN roles ELSE array_append(roles, $2) END
         WHERE email = $1 RETURNING id`,
        [normalizeEmail(email), role],
      );
      return rows.length > 0;
    },

    /** The e-mail and stored roles of an account (the admin check on each request). */
    async rolesOf(
      id: string,
      tx: Db = db,
    ): Promise<{ email: string; roles: string[] } | undefined> {
      const { rows } = await tx.query<{ email: string; roles: string[] }>(
        'SELECT email, roles FROM users WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    /**
     * Accounts that are admins: by the stored role or by `configured` (ADMIN_EMAILS, lower case),
     * ordered by e-mail.
     */
    async listAdmins(configured: string[], tx: Db = db): Promise<AdminRow[]> {
      const { rows } = await tx.query<AdminRow>(
        `SELECT id, email, first_name, last_name, email = ANY($1::text[]) AS configured
           FROM users WHERE 'admin' = ANY(roles) OR email = ANY($1::text[])
          ORDER BY email`,
        [configured],
      );
      return rows;
    },

    /**
     * Removes the stored admin role of account `id`, unless that would leave no admin account at
     * all, or the account is an admin by configuration (`configured`: ADMIN_EMAILS, which the
     * database cannot change). Every admin row is locked first (in id order), so two admins
     * revoking each other at once cannot both succeed and leave nobody.
     */
    async revokeAdmin(
      id: string,
      configured: string[],
      tx: Db = db,
    ): Promise<{ outcome: 'revoked' | 'not-admin' | 'configured' | 'last'; email?: string }> {
      return tx.transaction(async (inner) => {
        const { rows } = await inner.query<{ id: string; email: string; stored: boolean }>(
          `SELECT id, email, 'admin' = ANY(roles) AS stored
             FROM users WHERE 'admin' = ANY(roles) OR email = ANY($1::text[])
            ORDER BY id FOR UPDATE`,
          [configured],
        );
        const target = rows.find((row) => row.id === id);
        if (!target) return { outcome: 'not-admin' };
        if (configured.includes(target.email))
          return { outcome: 'configured', email: target.email };
        if (rows.length <= 1) return { outcome: 'last', email: target.email };
        await inner.query(`UPDATE users SET roles = array_remove(roles, 'admin') WHERE id = $1`, [
          id,
        ]);
        return { outcome: 'revoked', email: target.email };
      });
    },
  };
}

/** An admin account as the admin panel lists it. */
export interface AdminRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** Admin by ADMIN_EMAILS: cannot be revoked from the panel. */
  configured: boolean;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
