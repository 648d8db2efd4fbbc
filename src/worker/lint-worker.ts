/**
 * The lint worker: Spectral with the project's ruleset, in a worker of its own so
 * that a long lint (GitHub's 13 MB description takes seconds) never delays an edit of the
 * document, which the generator worker applies. It exposes createLintApi (src/shared/openapi/
 * lint/lint-api.ts), with the document worker's line given as a MessagePort; it may import only
 * src/shared and comlink.
 */
import { expose, wrap } from 'comlink';
import { createLintApi } from '../shared/openapi/lint/lint-api';
import type { DocumentTextSource } from '../shared/openapi/lint/types';

/** The worker's API: the lint's, with `connectDocument` taking the port to the document worker. */
export function createLintWorkerApi() {
  const api = createLintApi();
  let port: MessagePort | undefined;
  return {
    ...api,
    /**
     * The page's end of a channel whose other end the document worker holds: the text of a
     * revision is read there (the port before is closed: its worker was replaced).
     */
    connectDocument: (next: MessagePort): void => {
      port?.close();
      port = next;
      // (A remote's `form` is always callable: a line without it rejects, read as no form.)
      api.connectDocument(wrap<DocumentTextSource>(next) as unknown as DocumentTextSource);
    },
  };
}

export type LintWorkerApi = ReturnType<typeof createLintWorkerApi>;
export type { LintApi } from '../shared/openapi/lint/lint-api';

const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(createLintWorkerApi());
}
