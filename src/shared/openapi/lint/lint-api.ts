/**
 * The lint worker's API, pure so that the app's main-thread fallback and the tests
 * run the very object the worker exposes (src/worker/lint-worker.ts). Calls answer a Result,
 * never throw (comlink does not carry our error fields).
 */
import type { Result } from '../core-api';
import { CoreError, toErrorInfo } from '../errors';
import { Linter } from './lint';
import type { LintAnswer, LintRequest, OtherLintRequest, RulesetInfo } from './types';

/** The lint worker's whole API (see lint/types.ts for the calls). */
export function createLintApi() {
  const linter = new Linter();
  /** The newest revision asked for: an older request still queued is answered SUPERSEDED. */
  let newest = -1;
  /** Lints run one after another (Spectral's run awaits inside; two must not interleave). */
  let queue: Promise<unknown> = Promise.resolve();
  /** The newest revision of the other texts (the output editor's) asked for. */
  let newestOther = -1;
  /** Path items touched by superseded requests (undefined: one of them asked for a whole lint). */
  let carried: Set<string> | undefined = new Set();

  return {
    /** The project's ruleset YAML ('' for the default); the next lint is a full one. */
    setRuleset: (yaml: string): Result<RulesetInfo> => {
      try {
        return { ok: true, value: linter.setRuleset(yaml) };
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    },
    /** The ruleset in force. */
    ruleset: (): Result<RulesetInfo> => {
      try {
        return { ok: true, value: linter.ruleset() };
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    },
    /** The findings of the text at `revision` (whole, or what `touchedPaths` names). */
    lint: (request: LintRequest): Promise<Result<LintAnswer>> => {
      newest = Math.max(newest, request.revision);
      const answer = queue.then(async (): Promise<Result<LintAnswer>> => {
        if (request.revision < newest) {
          // What it touched is linted with the newer request (a whole lint when it named none).
          if (carried !== undefined) {
            if (request.touchedPaths === undefined) carried = undefined;
            else for (const path of request.touchedPaths) carried.add(path);
          }
          return {
            ok: false,
            error: toErrorInfo(new CoreError('CONFLICT', 'A newer revision is being linted.')),
          };
        }
        try {
          const touched =
            request.touchedPaths === undefined || carried === undefined
              ? undefined
              : [...new Set([...carried, ...request.touchedPaths])];
          carried = new Set();
          return {
            ok: true,
            value: await linter.lint(request.text, request.revision, touched),
          };
        } catch (error) {
          return { ok: false, error: toErrorInfo(error) };
        }
      });
      queue = answer;
      return answer;
    },
    /**
     * The findings of a text that is not the document (the output editor's, not loaded): whole,
     * with revisions of their own (an older one still queued answers CONFLICT), and without
     * touching what the document's re-lints keep. It waits behind the lints queued before it.
     */
    lintOther: (request: OtherLintRequest): Promise<Result<LintAnswer>> => {
      newestOther = Math.max(newestOther, request.revision);
      const answer = queue.then(async (): Promise<Result<LintAnswer>> => {
        if (request.revision < newestOther) {
          return {
            ok: false,
            error: toErrorInfo(new CoreError('CONFLICT', 'A newer text is being linted.')),
          };
        }
        try {
          return { ok: true, value: await linter.lintOther(request.text, request.revision) };
        } catch (error) {
          return { ok: false, error: toErrorInfo(error) };
        }
      });
      queue = answer;
      return answer;
    },
  };
}

/** The lint worker API's type: the app imports only this. */
export type LintApi = ReturnType<typeof createLintApi>;
