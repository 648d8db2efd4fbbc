/**
 * Time budgets of the checks the document session runs after Load and after each batch, so
 * that no batch freezes the worker: the spec §5 rules and the document panel's checks (examples
 * against their schemas are the lint's, in its own worker). A check takes a {@link CheckDeadline}
 * and asks it before each unit of work (an endpoint, a server or a scheme); once the slice's
 * budget is spent it stops there, the batch answers, and what was not checked is reported as a
 * non-blocking CHECK_TIME_BUDGET problem. Cooperative: a single unit is never interrupted
 * inside. See docs/decisions.md, "Session 12 — check time budgets".
 */

/** A monotonic clock in milliseconds (the worker's `performance.now`; a test's own). */
export type Clock = () => number;

/** The code of the problem that says a check was cut by its budget (rules, panel). */
export const CHECK_TIME_BUDGET = 'CHECK_TIME_BUDGET';

/**
 * Budget of each check slice of one batch, in ms: about twice the slowest real document measured
 * on the shared 2-core machine at a load average of 20–26 (`npm run bench:directory`: Microsoft
 * Graph beta's rules 11–34 s, a panel 0.15 s; unloaded they take a tenth of that), so a cut means a check that went wrong, not a large document or a busy machine.
 */
export const CHECK_BUDGET_MS = {
  /** The spec §5 rules of the endpoints a batch changed (all of them after Load). */
  rules: 60_000,
  /** The document panel's checks. */
  meta: 5_000,
} as const;

export type CheckSlice = keyof typeof CHECK_BUDGET_MS;

/** The clock of the platform: `performance.now` where there is one (worker, browser, Node). */
export const systemClock: Clock = () =>
  typeof globalThis.performance?.now === 'function' ? globalThis.performance.now() : Date.now();

/**
 * The end of one check slice's budget. `expired()` is asked before each unit of work; once it
 * answers true it stays true, so a check that stopped is not resumed by a slow clock.
 */
export class CheckDeadline {
  private readonly end: number;
  private over = false;

  constructor(
    /** The slice's budget in ms (said in the problem). */
    readonly budgetMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.end = clock() + budgetMs;
  }

  /** Whether the budget is spent (the check stops before its next unit). */
  expired(): boolean {
    if (!this.over && this.clock() > this.end) this.over = true;
    return this.over;
  }

  /** Whether the check was cut (it asked after the budget was spent). */
  get cut(): boolean {
    return this.over;
  }
}
