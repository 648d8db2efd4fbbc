import type { Config } from '../config';
import type { DbHandle } from './db';
import { createPgDb } from './pg-db';
import { createPgliteDb } from './pglite-db';

export * from './db';
export { migrate } from './migrate';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'embeddedDbPath'>,
  onPoolError?: (error: Error) => void,
): Promise<DbHandle> {
  if (config.databaseUrl) {
    return createPgDb({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema,
      onPoolError,
    });
  }
  return createPgliteDb(config.embeddedDbPath);
}
