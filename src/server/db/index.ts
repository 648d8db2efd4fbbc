import type { Config } from '../config';
import type { DbHandle } from './db';
import type { AcquireOptions } from './lock';
import { createPgDb } from './pg-db';
import { createPgliteDb } from './pglite-db';

export * from './db';
export { migrate } from './migrate';
export { DbLockedError } from './lock';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'embeddedDbPath'> &
    Partial<Pick<Config, 'databaseStatementTimeoutMs' | 'databaseConnectTimeoutMs'>>,
  onPoolError?: (error: Error) => void,
  lock: AcquireOptions = { role: 'server', takeForeign: true },
): Promise<DbHandle> {
  if (config.databaseUrl) {
    return createPgDb({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      onPoolError,
    });
  }
  return createPgliteDb(config.embeddedDbPath, { lock });
}
