import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';

/** What a lock file holds: who opened the embedded database. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** `server` or `cli`. */
  role: string;
  startedAt: string;
  /** Random: tells our own file from one written by a process that took a stale lock. */
  token: string;
}

/** The embedded database is open in another live process. */
export class DbLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `The embedded database is in use by ${holder.role} process ${holder.pid} on ${holder.hostname} (lock file ${file})`
        : `The embedded database is locked (lock file ${file})`,
    );
    this.name = 'DbLockedError';
  }
}

export interface DbLock {
  readonly file: string;
  release(): void;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this process started (ms since the epoch). */
const processStartMs = Date.now() - process.uptime() * 1000;

/**
 * Whether the holder (on this host) still runs. Our own pid counts as live only when the lock was
 * written after this process started: a container restarted with the same pid (often 1) finds the
 * lock of its previous life, which is stale; a second open in this very process is refused.
 */
function heldByLiveProcess(holder: LockHolder): boolean {
  if (holder.pid !== process.pid) return processAlive(holder.pid);
  const written = Date.parse(holder.startedAt);
  return Number.isFinite(written) && written >= processStartMs - 100;
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return undefined;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      role: typeof parsed.role === 'string' ? parsed.role : 'unknown',
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : '',
      token: typeof parsed.token === 'string' ? parsed.token : '',
    };
  } catch {
    return undefined;
  }
}

export interface AcquireOptions {
  role: 'server' | 'cli';
  /**
   * A lock written on another host (another container on the same volume) cannot be checked for
   * liveness. The server takes it over (a restarted container has a new hostname); the CLI
   * refuses.
   */
  takeForeign: boolean;
  /** Called when a stale lock is taken over. */
  onStale?: (holder: LockHolder | undefined) => void;
}

/**
 * Takes the lock file of an embedded database: created exclusively (`wx`) and holding our pid.
 * A lock left by a dead process (kill -9, power loss) is stale and taken over. Throws
 * DbLockedError when a live process holds it.
 */
export function acquireDbLock(file: string, options: AcquireOptions): DbLock {
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    role: options.role,
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(me)}\n`);
      } finally {
        closeSync(fd);
      }
      return {
        file,
        release: () => {
          // Only our own file: never delete a lock another process took over.
          if (readHolder(file)?.token === me.token) {
            try {
              unlinkSync(file);
            } catch {
              // Already gone.
            }
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder) {
      const sameHost = holder.hostname === me.hostname;
      const live = sameHost ? heldByLiveProcess(holder) : !options.takeForeign;
      if (live) throw new DbLockedError(file, holder);
    } else if (attempt === 0) {
      // Being written right now, or garbage: look again before calling it stale.
      sleepSync(50);
      continue;
    }
    options.onStale?.(holder);
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DbLockedError(file, readHolder(file));
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
