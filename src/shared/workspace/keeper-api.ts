/**
 * The record keeper's calls, as the document worker exposes them beside the core API (and the
 * app's main-thread fallback runs them beside its own core): the page names the workspace, sends
 * what only it knows of the view state, and asks for each write, so the text never crosses to
 * the page to be stored or uploaded.
 */
import type { Result } from '../openapi/core-api';
import { toErrorInfo } from '../openapi/errors';
import { utf8Length } from '../sizes';
import { projectBody, projectOutput, type ProjectBodyFields } from '../projects';
import type { PageView, RecordKeeper, RecordTarget, StoredRecord } from './record-keeper';

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

export function keeperApi(keeper: RecordKeeper) {
  return {
    /**
     * Names the workspace the open document is (the page, once it shows it); from then on its
     * record is written when asked ({@link flushRecord}). Undefined: nothing is written.
     */
    keepRecord: (target: RecordTarget | undefined) => run(() => keeper.target(target)),
    /** What only the page knows of the view state (collapsed panels, the output's own text). */
    setRecordView: (view: PageView) => run(() => keeper.setView(view)),
    /**
     * Writes the record now (with `view`, when given, as the page's part); answers what was
     * stored once it is (undefined: nothing written, no workspace named).
     */
    flushRecord: async (view?: PageView): Promise<Result<StoredRecord | undefined>> => {
      if (view !== undefined) keeper.setView(view);
      return { ok: true, value: await keeper.flushed() };
    },
    /**
     * A project's server is at `revision`, and has the record stored at `sentSavedAt` when
     * given (see RecordKeeper.sent); answers once the record says so.
     */
    recordSent: async (revision: number, sentSavedAt?: number): Promise<Result<void>> => {
      await keeper.sent(revision, sentSavedAt);
      return { ok: true, value: undefined };
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
        const viewStateJson = JSON.stringify(viewState);
        const body = projectBody({ ...fields, content, viewStateJson });
        return {
          body: new Blob([body], { type: 'application/json' }),
          savedAt: latest.record.savedAt,
          /** What the server's limit counts: the text's and the view state's UTF-8 bytes. */
          bytes: utf8Length(content) + utf8Length(viewStateJson),
        };
      }),
  };
}
