import pg from 'pg';
import { type Db, type DbHandle, DbUnavailableError, translateError } from './db';

export interface PgOptions {
  connectionString: string;
  /** search_path for every connection (a throwaway schema in tests). */
  schema?: string;
  max?: number;
  onPoolError?: (error: Error) => void;
}

/**
 * PostgreSQL through a `pg` pool. Connection attempts time out quickly so that requests get a
 * 503 rather than hanging while the database is away; the pool reconnects by itself when it
 * comes back.
 */
export function createPgDb(options: PgOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));

  const clientDb = (client: pg.PoolClient): Db => {
    const db: Db = {
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await client.query(sql, params).catch(translateError);
        return { rows: result.rows as T[] };
      },
      transaction: (fn) => fn(db),
      exec: async (sql) => {
        await client.query(sql).catch(translateError);
      },
    };
    return db;
  };

  let closed = false;
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => {
      if (closed) throw new DbUnavailableError();
      const result = await pool.query(sql, params).catch(translateError);
      return { rows: result.rows as T[] };
    },
    exec: async (sql) => {
      await pool.query(sql).catch(translateError);
    },
    transaction: async (fn) => {
      if (closed) throw new DbUnavailableError();
      const client = await pool.connect().catch(translateError);
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        return translateError(error);
      } finally {
        client.release(broken);
      }
    },
    ping: async () => {
      await pool.query('SELECT 1').catch(translateError);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
