/**
 * The generator worker: exposes the core API (src/shared/core-api) with comlink and nothing
 * else. It may import only src/shared and comlink (no DOM, no app, no server). The app's
 * main-thread fallback runs the same `createCoreApi()`, so the two never differ.
 */
import { expose } from 'comlink';
import { createCoreApi, type CoreApi, type Result } from '../shared/openapi/core-api';

export type { Result };

/** The worker API's type: the app imports only this (and wraps the worker with comlink). */
export type GeneratorApi = CoreApi;

// Expose only inside a worker; importing this module elsewhere (tests) must not.
const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(createCoreApi());
}
