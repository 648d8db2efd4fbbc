import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Db, type DbHandle, Mutex, translateError } from './db';
import { type AcquireOptions, acquireDbLock } from './lock';

/** The lock file of an embedded database directory (`DATA_DIR/db` → `DATA_DIR/db.lock`). */
export const lockFileOf = (dataPath: string): string => `${dataPath.replace(/[\\/]+$/, '')}.lock`;

/**
 * The WAL. A single backend never checkpoints by itself, so the server does after
 * every reclaim (db/space.ts). Then the 16 MB segments before the checkpoint are removed rather
 * than kept for reuse (by default up to `min_wal_size`, 80 MB, of them stay on disk).
 */
const WAL_SETTINGS = [
  '-c',
  'wal_recycle=off',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'max_wal_size=64MB',
];

/**
 * The embedded database. PGlite has one connection, so every statement outside a transaction
 * and every whole transaction go through one mutex: two requests never interleave statements
 * inside each other's transaction.
 *
 * A database on disk is locked (`<dir>.lock`, holding our pid) from open to close: a second
 * process opening the same files would corrupt them, so it gets DbLockedError.
 */
export async function createPgliteDb(
  dataPath: string,
  options: { loadDataDir?: Blob; lock?: AcquireOptions } = {},
): Promise<DbHandle & { dump(): Promise<Blob> }> {
  const onDisk = !dataPath.startsWith('memory://');
  if (onDisk) await mkdir(path.dirname(path.resolve(dataPath)), { recursive: true });
  const lock = onDisk
    ? acquireDbLock(lockFileOf(dataPath), options.lock ?? { role: 'server', takeForeign: false })
    : undefined;
  let pg: PGlite;
  try {
    if (onDisk) await mkdir(dataPath, { recursive: true });
    pg = await PGlite.create(dataPath, {
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...WAL_SETTINGS],
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
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
      try {
        if (!pg.closed) await mutex.run(() => pg.close());
      } finally {
        lock?.release();
      }
    },
  };
}
