import type { Db } from '../db';
import { newVerificationToken, sha256 } from './verification-repository';

export type ResetConsumeResult =
  | { outcome: 'reset'; userId: string; revokedSessions: string[] }
  | { outcome: 'used' }
  | { outcome: 'expired' }
  | { outcome: 'unknown' };

/**
 * Password-reset links: 32 random bytes (base64url), only the SHA-256 stored, single
 * use, expiring. Using one sets the new password, verifies the e-mail (the link proves the
 * mailbox), clears the lockout counters, spends the account's other reset and verification
 * links and revokes every session (refresh-token family) — all in one transaction.
 */
export function createPasswordResetRepository(db: Db) {
  return {
    async issue(userId: string, now: Date, expiresAt: Date, tx: Db = db): Promise<string> {
      const token = newVerificationToken();
      await tx.query(
        'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [sha256(token), userId, now, expiresAt],
      );
      return token;
    },

    /** When the account's newest reset link was issued (the per-account mail cool-down). */
    async lastIssuedAt(userId: string, tx: Db = db): Promise<Date | undefined> {
      const { rows } = await tx.query<{ at: Date | null }>(
        'SELECT max(created_at) AS at FROM password_resets WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.at ?? undefined;
    },

    async consume(token: string, passwordHash: string, now: Date): Promise<ResetConsumeResult> {
      return db.transaction(async (tx) => {
        const hash = sha256(token);
        const { rows } = await tx.query<{ user_id: string }>(
          `UPDATE password_resets SET used_at = $2
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING user_id`,
          [hash, now],
        );
        const row = rows[0];
        if (!row) {
          const found = await tx.query<{ used_at: Date | null }>(
            'SELECT used_at FROM password_resets WHERE token_hash = $1',
            [hash],
          );
          const existing = found.rows[0];
          if (!existing) return { outcome: 'unknown' };
          return existing.used_at ? { outcome: 'used' } : { outcome: 'expired' };
        }
        const userId = row.user_id;
        await tx.query(
          `UPDATE users SET password_hash = $2, verified_at = COALESCE(verified_at, $3),
             failed_logins = 0, locked_until = NULL
           WHERE id = $1`,
          [userId, passwordHash, now],
        );
        await tx.query('DELETE FROM login_failures WHERE user_id = $1', [userId]);
        await tx.query(
          'UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL',
          [userId, now],
        );
        await tx.query(
          'UPDATE verification_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL',
          [userId, now],
        );
        const revoked = await tx.query<{ id: string }>(
          `UPDATE refresh_families SET revoked_at = $2
           WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
          [userId, now],
        );
        return { outcome: 'reset', userId, revokedSessions: revoked.rows.map((r) => r.id) };
      });
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
