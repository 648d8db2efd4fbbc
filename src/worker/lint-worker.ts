/**
 * The lint worker: Spectral with the project's ruleset, in a worker of its own so
 * that a long lint (GitHub's 13 MB description takes seconds) never delays an edit of the
 * document, which the generator worker applies. It exposes createLintApi (src/shared/openapi/
 * lint/lint-api.ts) and nothing else; it may import only src/shared and comlink.
 */
import { expose } from 'comlink';
import { createLintApi } from '../shared/openapi/lint/lint-api';

export type { LintApi } from '../shared/openapi/lint/lint-api';

const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && globalThis instanceof scope.WorkerGlobalScope) {
  expose(createLintApi());
}
