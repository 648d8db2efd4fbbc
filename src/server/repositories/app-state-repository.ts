import type { Db } from '../db';

/** One-off installation facts (key → value). */
export function createAppStateRepository(db: Db) {
  return {
    /** Records the key once; true only for the caller that recorded it first. */
    async claim(key: string, value: string, tx: Db = db): Promise<boolean> {
      const { rows } = await tx.query(
        'INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
        [key, value],
      );
      return rows.length > 0;
    },
  };
}
