import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { UserRow } from './users-repository';
import { sha256 } from './verification-repository';

export interface RotateResult {
  outcome: 'rotated' | 'reused' | 'unknown' | 'expired' | 'revoked';
  familyId?: string;
  /** The account, read in the same statement that spends the token. */
  user?: UserRow;
  familyExpiresAt?: Date;
}

/**
 * Refresh-token families (one per login). A token is identified by the SHA-256 of its random
 * id; using it marks it used with a conditional UPDATE, so of N parallel uses exactly one wins.
 * Presenting a used token revokes its whole family (RFC 9700 §4.14.2).
 */
export function createRefreshRepository(db: Db) {
  return {
    async createFamily(userId: string, now: Date, expiresAt: Date, tx: Db = db): Promise<string> {
      const id = randomUUID();
      await tx.query(
        'INSERT INTO refresh_families (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [id, userId, now, expiresAt],
      );
      return id;
    },

    async addToken(familyId: string, jti: string, now: Date, expiresAt: Date, tx: Db = db) {
      await tx.query(
        'INSERT INTO refresh_tokens (id_hash, family_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)',
        [sha256(jti), familyId, now, expiresAt],
      );
    },

    /** Marks the token used if it is live; on reuse revokes the family. */
    async use(jti: string, now: Date, tx: Db): Promise<RotateResult> {
      const hash = sha256(jti);
      const { rows } = await tx.query<
        UserRow & {
          family_id: string;
          token_expires_at: Date;
          family_expires_at: Date;
          revoked_at: Date | null;
        }
      >(
        `WITH used AS (
           UPDATE refresh_tokens SET used_at = $2
           WHERE id_hash = $1 AND used_at IS NULL
           RETURNING family_id, expires_at
         )
         SELECT u.*, used.family_id, used.expires_at AS token_expires_at,
                f.expires_at AS family_expires_at, f.revoked_at
         FROM used
         JOIN refresh_families f ON f.id = used.family_id
         JOIN users u ON u.id = f.user_id`,
        [hash, now],
      );
      const row = rows[0];
      if (!row) {
        const revoked = await tx.query<{ id: string }>(
          `UPDATE refresh_families SET revoked_at = COALESCE(revoked_at, $2)
           WHERE id = (SELECT family_id FROM refresh_tokens WHERE id_hash = $1)
           RETURNING id`,
          [hash, now],
        );
        const familyId = revoked.rows[0]?.id;
        return familyId ? { outcome: 'reused', familyId } : { outcome: 'unknown' };
      }
      if (row.revoked_at) return { outcome: 'revoked' };
      if (row.token_expires_at <= now || row.family_expires_at <= now) {
        return { outcome: 'expired' };
      }
      const {
        family_id: familyId,
        family_expires_at: familyExpiresAt,
        token_expires_at: _tokenExpiresAt,
        revoked_at: _revokedAt,
        ...user
      } = row;
      return { outcome: 'rotated', familyId, user, familyExpiresAt };
    },

    /** Revokes the family of this token id (logout); its id, or undefined when unknown. */
    async revokeFamilyOf(jti: string, now: Date): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE refresh_families SET revoked_at = COALESCE(revoked_at, $2)
         WHERE id = (SELECT family_id FROM refresh_tokens WHERE id_hash = $1)
         RETURNING id`,
        [sha256(jti), now],
      );
      return rows[0]?.id;
    },

    /** Whether a session (family) is live: not revoked, not past its absolute expiry. */
    async isActive(familyId: string, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        'SELECT 1 FROM refresh_families WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2',
        [familyId, now],
      );
      return rows.length > 0;
    },
  };
}

export type RefreshRepository = ReturnType<typeof createRefreshRepository>;
