import type { DbHandle } from './db';

/**
 * Gives disk space back on the embedded database. PGlite runs PostgreSQL as a
 * single backend: there is no autovacuum and no checkpointer. Rows deleted or replaced (a
 * large autosave folded into its version drops the old version's parts, a deleted project
 * drops its history) stay as dead rows until a VACUUM marks their pages free for reuse (or
 * cuts them off the end of the file), and the WAL grows until a CHECKPOINT lets its segments
 * be recycled. So the server does both itself:
 * - after writes: once `afterBytes` of project text have been written or released since the
 *   last run, and after deleting a large project, `VACUUM` of the project tables (which also
 *   cuts empty pages off the end of their files), then `CHECKPOINT`;
 * - on a schedule: every `everyMs`, `VACUUM` of the whole database (sessions, login failures…
 *   churn too), then `CHECKPOINT`.
 * Each statement goes through the database's queue like any other, one at a time; none takes
 * more than a few tens of milliseconds once the pages churned are few (measured on 8 MiB saves).
 * On PostgreSQL autovacuum does this (per-table settings: migration 008), and this is a no-op.
 */
export interface SpaceKeeper {
  /**
   * Project text written or released by a request, in bytes; reclaims once enough churned, or
   * at once when `now` (a large delete: its space is given back rather than kept for reuse).
   */
  churned(bytes: number, now?: boolean): void;
  /** Runs a reclaim now (whole database when `all`); resolves when it is done. */
  reclaim(all?: boolean): Promise<void>;
  /** Resolves when no reclaim is running or due (tests; closing). */
  idle(): Promise<void>;
  /** Stops the schedule and waits for a running reclaim. */
  close(): Promise<void>;
}

export interface SpaceOptions {
  /** Project bytes written or released after which the project tables are vacuumed. */
  afterBytes: number;
  /** Interval of the whole database's VACUUM and CHECKPOINT. */
  everyMs: number;
  onError: (error: unknown) => void;
}

/** The project tables (their TOAST tables are vacuumed with them). */
const PROJECT_TABLES = 'project_parts, project_revisions, project_uploads, projects';

const noop: SpaceKeeper = {
  churned: () => undefined,
  reclaim: async () => undefined,
  idle: async () => undefined,
  close: async () => undefined,
};

export function createSpaceKeeper(db: DbHandle, options: SpaceOptions): SpaceKeeper {
  if (db.kind !== 'pglite') return noop;
  let pending = 0;
  let running: Promise<void> | undefined;
  let closed = false;

  const run = (all: boolean): Promise<void> => {
    const previous = running ?? Promise.resolve();
    const next = previous.then(async () => {
      if (closed) return;
      pending = 0;
      try {
        // VACUUM cannot run in a transaction block: one statement per call.
        await db.exec(all ? 'VACUUM' : `VACUUM ${PROJECT_TABLES}`);
        await db.exec('CHECKPOINT');
      } catch (error) {
        options.onError(error);
      }
    });
    running = next;
    void next.then(() => {
      if (running !== next) return;
      running = undefined;
      // Bytes that churned while it ran.
      if (!closed && pending >= options.afterBytes) void run(false);
    });
    return next;
  };

  const timer = setInterval(() => void run(true), options.everyMs);
  timer.unref();

  return {
    churned(bytes, now = false) {
      if (closed || !(bytes > 0)) return;
      pending += bytes;
      // A reclaim already running takes these bytes into account when it ends (see run).
      if ((now || pending >= options.afterBytes) && !running) void run(false);
      else if (now) pending = Math.max(pending, options.afterBytes);
    },
    reclaim: (all = false) => run(all),
    async idle() {
      while (running) await running;
    },
    async close() {
      clearInterval(timer);
      closed = true;
      while (running) await running;
    },
  };
}
