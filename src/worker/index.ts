/**
 * The generator worker (the document worker): exposes the core API (src/shared/openapi/core-api)
 * with comlink, plus what only a worker does for the page: the workspace record, written to
 * IndexedDB after each batch (src/shared/workspace/record-keeper.ts), and the project upload
 * body (upload-body.ts). It may import only src/shared and comlink (no DOM, no app, no server).
 * The app's main-thread fallback runs the same `createCoreApi()`, so the two never differ.
 */
import { expose } from 'comlink';
import { createCoreApi, type Result } from '../shared/openapi/core-api';
import { toErrorInfo } from '../shared/openapi/errors';
import { projectBody, projectOutput, type ProjectBodyFields } from '../shared/projects';
import {
  RecordKeeper,
  type PageView,
  type RecordSink,
  type RecordTarget,
} from '../shared/workspace/record-keeper';
import { IndexedDbWorkspaceStore } from '../shared/workspace/workspace-store';
import { uploadBody, type UploadBodyFields } from './upload-body';

export type { Result };
export type { UploadBodyFields };

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/**
 * The worker's whole API: the core's, the record's keeper (writing to `sink`: the one IndexedDB
 * store in a worker), and the upload body.
 */
export function createWorkerApi(sink?: RecordSink) {
  const keeper = new RecordKeeper(sink ?? { put: () => Promise.resolve() });
  return {
    ...createCoreApi(keeper),
    /**
     * Names the workspace the open document is (the page, once it shows it); from then on its
     * record is written after each batch. Undefined: nothing is written.
     */
    keepRecord: (target: RecordTarget | undefined) => run(() => keeper.target(target)),
    /** What only the page knows of the view state (collapsed panels, the output's own text). */
    setRecordView: (view: PageView) => run(() => keeper.setView(view)),
    /** Writes the record now; answers its `savedAt` once stored (undefined: nothing written). */
    flushRecord: async (): Promise<Result<number | undefined>> => {
      const record = await keeper.flush();
      return { ok: true, value: record?.savedAt };
    },
    /**
     * A project's upload body from the record last written (the text never crosses to the
     * page): undefined before one is written.
     */
    recordUploadBody: (fields: Omit<ProjectBodyFields, 'content' | 'viewStateJson'>) =>
      run(() => {
        const latest = keeper.latest;
        if (latest === undefined) return undefined;
        let content = latest.text;
        let viewState = latest.record.viewState;
        if (content === '') {
          // No document yet (a new project, a text pasted and not loaded): the output is it.
          content = projectOutput('', viewState);
          const { output: _shown, ...rest } = viewState;
          viewState = rest;
        }
        const body = projectBody({ ...fields, content, viewStateJson: JSON.stringify(viewState) });
        return {
          body: new Blob([body], { type: 'application/json' }),
          savedAt: latest.record.savedAt,
        };
      }),
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
  expose(
    createWorkerApi(typeof indexedDB === 'undefined' ? undefined : new IndexedDbWorkspaceStore()),
  );
}
