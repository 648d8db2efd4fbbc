/** The database seen by the rest of the server: the same SQL on PGlite and on PostgreSQL. */
export interface Db {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs `fn` in a transaction (nested calls join the outer one); rolls back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The owner's handle: a Db plus its life cycle. */
export interface DbHandle extends Db {
  readonly kind: 'pglite' | 'postgres';
  /** Throws DbUnavailableError when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The database cannot be reached right now; the error handler answers 503. */
export class DbUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause?: unknown) {
    super('Database unavailable', { cause });
    this.name = 'DbUnavailableError';
  }
}

/** Network errors and PostgreSQL SQLSTATE classes that mean "cannot talk to the database". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout (the database is too slow right now)
]);

/** Whether an error thrown by a driver means the database is unreachable (not a bad query). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DbUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Connection ended|Query read timeout/i.test(
    error.message,
  );
}

/** Rethrows driver errors, turning "unreachable" ones into DbUnavailableError. */
export function translateError(error: unknown): never {
  if (isUnavailable(error) && !(error instanceof DbUnavailableError)) {
    throw new DbUnavailableError(error);
  }
  throw error;
}

/** A promise chain that runs one task at a time (PGlite has a single connection). */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
