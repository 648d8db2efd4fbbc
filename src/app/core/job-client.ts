/**
 * The bridge to the job worker (src/worker/jobs.ts): the jobs a user may cancel — the Swagger
 * 2.0 conversion, the upgrade preview, the traffic import, schema inference — run there, never in
 * the worker that holds the open document. That worker holds nothing, so a cancelled job's
 * worker is simply terminated, and the next job starts a fresh one (Squoosh's worker bridge).
 * Each running job has a worker of its own, so cancelling one never costs another; one idle
 * worker is kept for the next job until it has been idle a while. Where `Worker` does not exist
 * (tests), the same job API runs on the main thread.
 *
 * Only generator-client.ts uses this module: it stays the app's one door to the workers.
 */
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { JobApi } from '../../shared/openapi/job-api';
import type { Result } from '../../worker/index';

export type JobMethod = keyof JobApi;
export type JobArgs<M extends JobMethod> = Parameters<JobApi[M]>;
export type JobValue<M extends JobMethod> =
  ReturnType<JobApi[M]> extends Result<infer T> ? T : never;

/** Idle time before the kept job worker is terminated. */
const IDLE_SHUTDOWN_MS = 30_000;

export interface JobClientOptions {
  /** Creates a job worker; undefined means "no Worker here" (the jobs run on the main thread). */
  createWorker?: (() => Worker) | undefined;
  idleMs?: number;
}

function defaultCreateWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () =>
    new Worker(new URL('../../worker/jobs.ts', import.meta.url), {
      type: 'module',
      name: 'specform-jobs',
    });
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

interface Slot {
  worker: Worker;
  remote: Remote<JobApi>;
}

/** Runs jobs in stateless workers; see the module comment. */
export class JobClient {
  private readonly createWorker: (() => Worker) | undefined;
  private readonly idleMs: number;
  /** The worker kept for the next job. */
  private idle: Slot | undefined;
  /** Workers running a job now, each with the way to stop its call. */
  private busy = new Map<Slot, () => void>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private local: Promise<JobApi> | undefined;
  /** How many job workers have been started (tests and the bench look at it). */
  started = 0;

  constructor(options: JobClientOptions = {}) {
    this.createWorker = 'createWorker' in options ? options.createWorker : defaultCreateWorker();
    this.idleMs = options.idleMs ?? IDLE_SHUTDOWN_MS;
  }

  /** Whether jobs run in workers (else on the main thread, where files are read first). */
  get inWorker(): boolean {
    return this.createWorker !== undefined;
  }

  /** How many job workers exist now (running a job or kept idle). */
  get workers(): number {
    return this.busy.size + (this.idle === undefined ? 0 : 1);
  }

  /**
   * Runs one job. An abort while it runs rejects with an AbortError and terminates its worker
   * (the job cannot be interrupted inside it, and nothing there is worth keeping).
   */
  async call<M extends JobMethod>(
    method: M,
    args: JobArgs<M>,
    signal?: AbortSignal,
  ): Promise<Result<JobValue<M>>> {
    if (signal?.aborted) throw abortError();
    if (this.createWorker === undefined) {
      this.local ??= import('../../shared/openapi/job-api').then((m) => m.createJobApi());
      const api = await this.local;
      if (signal?.aborted) throw abortError();
      return (api[method] as (...a: unknown[]) => Result<JobValue<M>>)(...args);
    }
    clearTimeout(this.idleTimer);
    const slot = this.idle ?? this.spawn(this.createWorker);
    this.idle = undefined;
    return new Promise<Result<JobValue<M>>>((resolve, reject) => {
      const stop = () => {
        signal?.removeEventListener('abort', stop);
        this.busy.delete(slot);
        this.stopSlot(slot);
        reject(abortError());
      };
      this.busy.set(slot, stop);
      signal?.addEventListener('abort', stop, { once: true });
      const call = slot.remote[method] as unknown as (...a: unknown[]) => Promise<unknown>;
      call(...args).then(
        (result) => {
          if (!this.busy.has(slot)) return;
          signal?.removeEventListener('abort', stop);
          this.busy.delete(slot);
          this.keep(slot);
          resolve(result as Result<JobValue<M>>);
        },
        (error: unknown) => {
          if (!this.busy.has(slot)) return;
          signal?.removeEventListener('abort', stop);
          this.busy.delete(slot);
          this.stopSlot(slot);
          reject(error);
        },
      );
    });
  }

  /** Stops every job worker; running jobs reject with an AbortError. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    for (const stop of [...this.busy.values()]) stop();
    if (this.idle !== undefined) this.stopSlot(this.idle);
    this.idle = undefined;
  }

  private spawn(create: () => Worker): Slot {
    const worker = create();
    this.started += 1;
    return { worker, remote: wrap<JobApi>(worker) };
  }

  private stopSlot(slot: Slot): void {
    slot.remote[releaseProxy]();
    slot.worker.terminate();
  }

  /** A worker whose job is done is kept for the next one (one at most), until idle a while. */
  private keep(slot: Slot): void {
    if (this.idle !== undefined) {
      this.stopSlot(slot);
      return;
    }
    this.idle = slot;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.idle === undefined) return;
      this.stopSlot(this.idle);
      this.idle = undefined;
    }, this.idleMs);
  }
}
