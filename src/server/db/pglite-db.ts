import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Db, type DbHandle, Mutex, translateError } from './db';

/**
 * The embedded database. PGlite has one connection, so every statement outside a transaction
 * and every whole transaction go through one mutex: two requests never interleave statements
 * inside each other's transaction.
 */
export async function createPgliteDb(
  dataPath: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DbHandle & { dump(): Promise<Blob> }> {
  if (!dataPath.startsWith('memory://')) await mkdir(dataPath, { recursive: true });
  const pg = await PGlite.create(
    dataPath,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const mutex = new Mutex();

  const txDb = (tx: Transaction): Db => {
    const db: Db = {
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await tx.query<T>(sql, params).catch(translateError);
        return { rows: result.rows };
      },
      transaction: (fn) => fn(db),
      exec: async (sql) => {
        await tx.exec(sql).catch(translateError);
      },
    };
    return db;
  };

  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) =>
      mutex.run(async () => {
        const result = await pg.query<T>(sql, params).catch(translateError);
        return { rows: result.rows };
      }),
    transaction: (fn) =>
      mutex.run(() => pg.transaction((tx) => fn(txDb(tx))).catch(translateError)),
    exec: (sql) =>
      mutex.run(async () => {
        await pg.exec(sql).catch(translateError);
      }),
    ping: () =>
      mutex.run(async () => {
        await pg.query('SELECT 1').catch(translateError);
      }),
    dump: () => mutex.run(async () => (await pg.dumpDataDir('gzip')) as Blob),
    close: async () => {
      if (!pg.closed) await mutex.run(() => pg.close());
    },
  };
}
