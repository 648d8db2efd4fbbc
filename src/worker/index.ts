/**
 * The generator worker (the document worker): exposes the core API (src/shared/openapi/core-api)
 * with comlink, plus what only a worker does for the page: the project upload body
 * (upload-body.ts). It may import only src/shared and comlink (no DOM, no app, no server). The
 * app's main-thread fallback runs the same `createCoreApi()`, so the two never differ.
 */
import { expose } from 'comlink';
import { createCoreApi, type Result } from '../shared/openapi/core-api';
import { toErrorInfo } from '../shared/openapi/errors';
import { uploadBody, type UploadBodyFields } from './upload-body';

export type { Result };
export type { UploadBodyFields };

/** The worker's whole API: the core's, and the upload body. */
export function createWorkerApi() {
  return {
    ...createCoreApi(),
    /** The JSON body of a project create or save, as a Blob (see upload-body.ts). */
    uploadBody: (fields: UploadBodyFields): Result<Blob> => {
      try {
        return { ok: true, value: uploadBody(fields) };
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    },
  };
}

/** The worker API's type: the app imports only this (and wraps the worker with comlink). */
export type GeneratorApi = ReturnType<typeof createWorkerApi>;

// Expose only inside a worker; importing this module elsewhere (tests) must not.
const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(createWorkerApi());
}
