import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** SHA-256 (hex) of a secret token: the only form in which tokens are stored. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A verification token: 32 random bytes (256 bits) from the CSPRNG, base64url (43 chars). */
export const newVerificationToken = (): string => randomBytes(32).toString('base64url');

/** The shape of a token we issue; anything else is a malformed link. */
export const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ConsumeResult =
  | { outcome: 'verified'; userId: string }
  | { outcome: 'used' }
  | { outcome: 'expired' }
  | { outcome: 'unknown' };

/** What a registration asks for; it reaches the account only through its own link. */
export interface PendingRegistration {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/**
 * E-mail verification tokens: stored as hashes, single use, expiring. Each carries the password
 * (and names) of the registration that sent it: using the link activates exactly that
 * registration, and every other outstanding link of the account dies with it.
 */
export function createVerificationRepository(db: Db) {
  return {
    /** Creates a token for the user and returns the raw value (for the e-mail link only). */
    async issue(
      userId: string,
      now: Date,
      expiresAt: Date,
      pending: PendingRegistration | null,
      tx: Db = db,
    ): Promise<string> {
      const token = newVerificationToken();
      await tx.query(
        `INSERT INTO verification_tokens
           (token_hash, user_id, created_at, expires_at, password_hash, first_name, last_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          sha256(token),
          userId,
          now,
          expiresAt,
          pending?.passwordHash ?? null,
          pending?.firstName ?? null,
          pending?.lastName ?? null,
        ],
      );
      return token;
    },

    /**
     * The latest registration of an unverified account (live or not): the password that login
     * recognises before verification, and what a resent link carries ("the later one wins").
     */
    async latestPending(
      userId: string,
      tx: Db = db,
    ): Promise<(PendingRegistration & { createdAt: Date }) | undefined> {
      const { rows } = await tx.query<{
        password_hash: string;
        first_name: string | null;
        last_name: string | null;
        created_at: Date;
      }>(
        `SELECT password_hash, first_name, last_name, created_at FROM verification_tokens
         WHERE user_id = $1 AND password_hash IS NOT NULL
         ORDER BY created_at DESC LIMIT 1`,
        [userId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        passwordHash: row.password_hash,
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        createdAt: row.created_at,
      };
    },

    /** When the account's newest link was issued (resend cool-down). */
    async lastIssuedAt(userId: string, tx: Db = db): Promise<Date | undefined> {
      const { rows } = await tx.query<{ at: Date | null }>(
        'SELECT max(created_at) AS at FROM verification_tokens WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.at ?? undefined;
    },

    /**
     * Uses the token once (atomically): marks its account verified, gives it the password and
     * names of the registration that sent this link (unless already verified), and spends every
     * other outstanding link of the account.
     */
    async consume(token: string, now: Date): Promise<ConsumeResult> {
      return db.transaction(async (tx) => {
        const hash = sha256(token);
        const { rows } = await tx.query<{
          user_id: string;
          password_hash: string | null;
          first_name: string | null;
          last_name: string | null;
        }>(
          `UPDATE verification_tokens SET used_at = $2
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING user_id, password_hash, first_name, last_name`,
          [hash, now],
        );
        const row = rows[0];
        if (row) {
          await tx.query(
            `UPDATE users SET
               password_hash = COALESCE($3, password_hash),
               first_name = COALESCE($4, first_name),
               last_name = COALESCE($5, last_name),
               verified_at = $2,
               failed_logins = 0,
               locked_until = NULL
             WHERE id = $1 AND verified_at IS NULL`,
            [row.user_id, now, row.password_hash, row.first_name, row.last_name],
          );
          await tx.query(
            'UPDATE verification_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL',
            [row.user_id, now],
          );
          return { outcome: 'verified', userId: row.user_id };
        }
        const found = await tx.query<{ used_at: Date | null; expires_at: Date }>(
          'SELECT used_at, expires_at FROM verification_tokens WHERE token_hash = $1',
          [hash],
        );
        const existing = found.rows[0];
        if (!existing) return { outcome: 'unknown' };
        if (existing.used_at) return { outcome: 'used' };
        return { outcome: 'expired' };
      });
    },

    /** Spends every outstanding link of the account (a password reset verified it). */
    async spendAll(userId: string, now: Date, tx: Db = db): Promise<void> {
      await tx.query(
        'UPDATE verification_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL',
        [userId, now],
      );
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
