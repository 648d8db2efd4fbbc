import pg from 'pg';
import { type Db, type DbHandle, DbUnavailableError, isUnavailable, translateError } from './db';

export interface PgOptions {
  connectionString: string;
  /** search_path for every connection (a throwaway schema in tests). */
  schema?: string;
  max?: number;
  /**
   * Longest statement: PostgreSQL cancels it (`statement_timeout`, SQLSTATE 57014), and the
   * client gives up half a second later when the server does not answer at all (a frozen host).
   */
  statementTimeoutMs?: number;
  /** Longest wait for a new connection. */
  connectTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
}

/** Defaults of DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_CONNECT_TIMEOUT_MS. */
export const PG_DEFAULTS = { statementTimeoutMs: 5000, connectTimeoutMs: 3000 } as const;

/**
 * PostgreSQL through a `pg` pool. Connection attempts and statements time out within seconds so
 * that requests get a 503 rather than hanging while the database is away or frozen; a connection
 * that timed out is discarded, and the pool reconnects by itself when the database comes back.
 */
export function createPgDb(options: PgOptions): DbHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? PG_DEFAULTS.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: options.connectTimeoutMs ?? PG_DEFAULTS.connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 500,
    keepAlive: true,
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
        // A connection that timed out or broke is not asked to roll back (it would wait the
        // whole timeout again): it is discarded, and the server rolls back when it goes.
        if (isUnavailable(error)) broken = true;
        else {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
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
