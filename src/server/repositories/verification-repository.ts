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

/** E-mail verification tokens: stored as hashes, single use, expiring. */
export function createVerificationRepository(db: Db) {
  return {
    /** Creates a token for the user and returns the raw value (for the e-mail link only). */
    async issue(userId: string, expiresAt: Date, tx: Db = db): Promise<string> {
      const token = newVerificationToken();
      await tx.query(
        'INSERT INTO verification_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
        [sha256(token), userId, expiresAt],
      );
      return token;
    },

    /** Uses the token once (atomically) and marks its account verified. */
    async consume(token: string, now: Date): Promise<ConsumeResult> {
      return db.transaction(async (tx) => {
        const hash = sha256(token);
        const { rows } = await tx.query<{ user_id: string }>(
          `UPDATE verification_tokens SET used_at = $2
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING user_id`,
          [hash, now],
        );
        const row = rows[0];
        if (row) {
          await tx.query('UPDATE users SET verified_at = COALESCE(verified_at, $2) WHERE id = $1', [
            row.user_id,
            now,
          ]);
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
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
