import { AsyncLocalStorage } from 'node:async_hooks';
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
  // Inside a transaction the mutex is held: a call on the outer handle from the same async
  // flow would wait for itself forever. Fail loudly instead (use the `tx` handle).
  const insideTransaction = new AsyncLocalStorage<true>();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    if (insideTransaction.getStore()) {
      return Promise.reject(
        new Error('Db used inside its own transaction: use the tx handle passed to transaction()'),
      );
    }
    return mutex.run(task);
  };

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
      exclusive(async () => {
        const result = await pg.query<T>(sql, params).catch(translateError);
        return { rows: result.rows };
      }),
    transaction: (fn) =>
      exclusive(() =>
        insideTransaction.run(true, () =>
          pg.transaction((tx) => fn(txDb(tx))).catch(translateError),
        ),
      ),
    exec: (sql) =>
      exclusive(async () => {
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
