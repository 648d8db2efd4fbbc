/**
 * The generator's job runner: Generate, Load and their kin (an upgrade, a
 * conversion, Apply) are jobs. Each first checks the subscription (spec §4: inactive → the renew
 * link and nothing else; a failed check says so with a Retry), runs with a signal that Cancel and
 * leaving the page abort, reports its progress, and turns a failure into the one
 * error line the page shows. One job at a time; the page renders `getState()`.
 */
import type { SubscriptionCheck } from '../api/subscription-check';
import { isAbortError, VIEWS_PER_MESSAGE } from '../core/generator-client';
import { yieldToBrowser } from '../util/slices';

export type JobKind = 'generate' | 'load';

export interface JobState {
  /** The running job, if any. */
  busy: JobKind | undefined;
  /** Views done of a long job (shown only beyond one message's worth). */
  progress: { done: number; total: number } | undefined;
  /** The job has run for a while: its progress line shows (no flash on a quick one). */
  slow: boolean;
  /** The subscription is not active: the renew link shows. */
  renew: boolean;
  /** The subscription check failed: its message and the job to retry. */
  checkFailed: { message: string; retry: () => void } | undefined;
  /** The last job's failure, as the page says it. */
  error: string | undefined;
}

export interface JobRunnerOptions {
  checkSubscription: () => Promise<SubscriptionCheck>;
  /** What the page says about a failed job (a core error with its line, or the generic one). */
  describe: (failure: unknown) => string;
  /** What the page says about a failed subscription check. */
  checkFailed: (check: Extract<SubscriptionCheck, { status: 'failed' }>) => string;
}

/** After this long a job shows its progress line. */
export const SLOW_JOB_MS = 400;

const IDLE: JobState = {
  busy: undefined,
  progress: undefined,
  slow: false,
  renew: false,
  checkFailed: undefined,
  error: undefined,
};

export class JobRunner {
  private state: JobState = IDLE;
  private listeners = new Set<() => void>();
  private job: AbortController | null = null;
  /** Aborted when the page goes away: a running job stops with it. */
  private page = new AbortController();
  private slowTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: JobRunnerOptions) {}

  getState = (): JobState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<JobState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  /** Runs `job` after the subscription check; a failure becomes the page's error line. */
  run = async (kind: JobKind, job: () => Promise<void>): Promise<void> => {
    this.job = new AbortController();
    clearTimeout(this.slowTimer);
    this.slowTimer = setTimeout(() => this.set({ slow: true }), SLOW_JOB_MS);
    this.set({ busy: kind, progress: undefined, error: undefined, checkFailed: undefined });
    try {
      const check = await this.options.checkSubscription();
      if (check.status === 'failed') {
        this.set({
          renew: false,
          checkFailed: {
            message: this.options.checkFailed(check),
            retry: () => void this.run(kind, job),
          },
        });
        return;
      }
      if (check.status === 'inactive') {
        this.set({ renew: true });
        return;
      }
      this.set({ renew: false });
      await job();
    } catch (failure) {
      if (!isAbortError(failure)) this.set({ error: this.options.describe(failure) });
    } finally {
      clearTimeout(this.slowTimer);
      this.job = null;
      // The toolbar's re-render (and the layout it costs) in a task of its own: the job's own
      // last step (a loaded form's first render) is a task of its own already.
      await yieldToBrowser();
      this.set({ busy: undefined, progress: undefined, slow: false });
    }
  };

  /** The running job's signal: Cancel and leaving the page abort it. */
  signal(): AbortSignal {
    const signals = [this.job?.signal, this.page.signal].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    return AbortSignal.any(signals);
  }

  /** Aborted only when the page goes away (work that is not a job, or outlives one). */
  get pageSignal(): AbortSignal {
    return this.page.signal;
  }

  /** A job's progress: shown only for more views than one message carries. */
  onProgress = (done: number, total: number): void => {
    this.set({ progress: total > VIEWS_PER_MESSAGE ? { done, total } : undefined });
  };

  /**
   * Cancel: the running job stops. The worker holding the open document is never stopped for
   * it (a Load's own worker, or a job worker, is).
   */
  cancel = (): void => this.job?.abort();

  /** Shows (or clears) the page's error line. */
  setError = (error: string | undefined): void => this.set({ error });

  /** The page shows the runner (an effect); the answer is called when it goes away. */
  attach(): () => void {
    if (this.page.signal.aborted) this.page = new AbortController();
    const page = this.page;
    return () => {
      clearTimeout(this.slowTimer);
      page.abort();
    };
  }
}
