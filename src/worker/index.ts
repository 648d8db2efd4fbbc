/**
 * The generator worker (the document worker): exposes the core API (src/shared/openapi/core-api)
 * with comlink, plus what only a worker does for the page: the workspace record, written to
 * IndexedDB after each batch (src/shared/workspace/record-keeper.ts), and the project upload
 * body (upload-body.ts). It may import only src/shared and comlink (no DOM, no app, no server).
 * The app's main-thread fallback runs the same `createCoreApi()`, so the two never differ.
 */
import { expose, transfer } from 'comlink';
import type { ApplyAnswer, ApplyOptions, DocumentCommand } from '../shared/openapi';
import { createCoreApi, withFirstWarnings, type Result } from '../shared/openapi/core-api';
import { toErrorInfo } from '../shared/openapi/errors';
import { keeperApi } from '../shared/workspace/keeper-api';
import { RecordKeeper, type RecordSink } from '../shared/workspace/record-keeper';
import { IndexedDbWorkspaceStore } from '../shared/workspace/workspace-store';
import { uploadBody, type UploadBodyFields } from './upload-body';

export type { Result };
export type { UploadBodyFields };

/**
 * An apply's answer as it crosses to the page: a long text comes as its UTF-8 bytes
 * (`textBytes`, transferred) instead of `text`. A string is structured-cloned, and the page
 * deserialised a 13 MB one in one task of 25–40 ms CPU; transferred bytes cost nothing to cross,
 * and the page decodes them in slices (app/util/slices.ts `textOfBytes`).
 */
export type ApplyWire = ApplyAnswer & {
  textBytes?: ArrayBuffer;
  /**
   * How long the worker took over the call (apply, the record's bookkeeping, the text's bytes),
   * ms: the apply has a time budget of its own (bench:typing prints it), which a round trip from
   * the page cannot show (it includes the page's own queue). Two clock reads per call; the page
   * ignores it.
   */
  workerMs?: number;
};

/** A text of at least this many characters crosses as bytes. */
export const TEXT_AS_BYTES_FROM = 256 * 1024;

/** Whether `text` survives UTF-8 and back as it is (no lone surrogate, which would turn U+FFFD). */
function wellFormed(text: string): boolean {
  const check = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof check === 'function' ? check.call(text) : !/[\uD800-\uDFFF]/.test(text);
}

/** `answer` as it crosses (see {@link ApplyWire}). */
function applyWire(answer: Result<ApplyAnswer>): Result<ApplyWire> {
  if (!answer.ok) return answer;
  const { text, ...rest } = answer.value;
  if (text === undefined || text.length < TEXT_AS_BYTES_FROM || !wellFormed(text)) return answer;
  const bytes = new TextEncoder().encode(text);
  return transfer({ ok: true, value: { ...rest, textBytes: bytes.buffer } }, [bytes.buffer]);
}

/**
 * The worker's whole API: the core's, the record's keeper (writing to `sink`: the one IndexedDB
 * store in a worker), and the upload body.
 */
export function createWorkerApi(sink?: RecordSink) {
  // The page asks for each write after its own pause (see KeeperOptions.auto).
  const keeper = new RecordKeeper(sink ?? { put: () => Promise.resolve() }, { auto: false });
  const core = createCoreApi(keeper);
  /** The port the lint worker reads the document's text on (one lint worker at a time). */
  let lintPort: MessagePort | undefined;
  return {
    ...core,
    ...keeperApi(keeper),
    // The page takes a large document's warnings in chunks (`warnings`), as it takes its views.
    openDocument: (text: string, ids?: Record<string, string>) =>
      withFirstWarnings(core.openDocument(text, ids)),
    openDocumentFile: (file: Blob, ids?: Record<string, string>) =>
      withFirstWarnings(core.openDocumentFile(file, ids)),
    apply: (
      commands: DocumentCommand[],
      baseRevision: number,
      options?: ApplyOptions,
    ): Result<ApplyWire> => {
      const started = performance.now();
      const answer = applyWire(core.apply(commands, baseRevision, options));
      if (answer.ok) answer.value.workerMs = performance.now() - started;
      return answer;
    },
    /**
     * The lint worker's own line to this worker (the page made the channel and gave the other
     * port to the lint worker): the text of a revision goes there, never through the page.
     */
    connectLint: (port: MessagePort): Result<true> => {
      lintPort?.close();
      lintPort = port;
      expose(
        {
          text: (ref: { instance: string; revision: number }) => {
            const answer = core.lintText(ref);
            return answer.ok ? answer.value : 'stale';
          },
          form: (ref: { instance: string; revision: number }) => {
            const answer = core.lintForm(ref);
            return answer.ok ? answer.value : 'stale';
          },
        },
        port,
      );
      return { ok: true, value: true };
    },
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
