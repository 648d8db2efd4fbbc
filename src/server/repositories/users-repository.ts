import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
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
  passwordHash: string;
  verifiedAt?: Date | null;
  subscriptionUntil?: Date | null;
}

export interface LockoutPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
}

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
     * Counts one failed login; from `threshold` failures on, locks the account for
     * base·2^(failures−threshold) seconds, capped at maxSeconds.
     */
    async recordFailure(id: string, now: Date, policy: LockoutPolicy, tx: Db = db) {
      const { rows } = await tx.query<{ failed_logins: number; locked_until: Date | null }>(
        `UPDATE users SET
           failed_logins = failed_logins + 1,
           locked_until = CASE
             WHEN failed_logins + 1 >= $3 THEN $2::timestamptz + make_interval(
               secs => LEAST($5::float8, $4::float8 * power(2::float8, (failed_logins + 1 - $3)::float8)))
             ELSE locked_until END
         WHERE id = $1
         RETURNING failed_logins, locked_until`,
        [id, now, policy.threshold, policy.baseSeconds, policy.maxSeconds],
      );
      return rows[0];
    },

    async resetFailures(id: string, tx: Db = db): Promise<void> {
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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
