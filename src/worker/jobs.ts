/**
 * The job worker: exposes the stateless job API (src/shared/openapi/job-api) with comlink and
 * nothing else. It holds no document, so the app terminates it when the user cancels a job and
 * starts a fresh one for the next (src/app/core/job-client.ts). It may import only src/shared and
 * comlink (no DOM, no app, no server).
 */
import { expose } from 'comlink';
import { createJobApi } from '../shared/openapi/job-api';

// Expose only inside a worker; importing this module elsewhere (tests) must not.
const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(createJobApi());
}
