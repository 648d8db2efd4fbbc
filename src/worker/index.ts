/**
 * The generator worker: a thin comlink shell over src/shared. It may import only src/shared
 * and comlink. Every method returns a {@link Result} because comlink does not carry custom
 * error fields across the boundary.
 */
import { expose } from 'comlink';
import { toErrorInfo, validateEndpoints, type Endpoint, type ErrorInfo } from '../shared';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/** The whole worker API; also callable directly (tests, and the main-thread fallback). */
export const api = {
  validate: (endpoints: Endpoint[]) => run(() => validateEndpoints(endpoints)),
};

export type GeneratorApi = typeof api;

// Expose only inside a worker; importing this module elsewhere (tests) must not.
const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(api);
}
