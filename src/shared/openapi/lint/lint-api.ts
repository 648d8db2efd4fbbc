/**
 * The lint worker's API, pure so that the app's main-thread fallback and the tests
 * run the very object the worker exposes (src/worker/lint-worker.ts). Calls answer a Result,
 * never throw (comlink does not carry our error fields).
 */
import type { Result } from '../core-api';
import { CoreError, toErrorInfo } from '../errors';
import { Linter } from './lint';
import type { FormState } from './form-state';
import { textKey } from './text-key';
import type {
  DocumentLintRequest,
  DocumentTextRef,
  DocumentTextSource,
  LintAnswer,
  OtherLintRequest,
  RulesetInfo,
} from './types';

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

  /** The document worker's text, as `connectDocument` set it. */
  let source: DocumentTextSource | undefined;
  /** Ends the read under way from the source before (a new source was connected). */
  let relinked = () => {};

  /**
   * The text of `ref` and the form's state with it, or undefined: stale (another source
   * connected meanwhile, or none is, or the document moved on between the two reads).
   */
  const readDocument = async (
    ref: DocumentTextRef,
  ): Promise<{ text: string; form?: FormState } | undefined> => {
    const from = source;
    if (from === undefined) return undefined;
    // A document worker that was stopped never answers: connecting the next one ends the wait.
    const ended = new Promise<'stale'>((resolve) => {
      relinked = () => resolve('stale');
    });
    let text: string | 'stale';
    try {
      text = await Promise.race([Promise.resolve(from.text(ref)), ended]);
    } catch {
      return undefined;
    }
    // (A rendered OpenAPI document is never the word itself.)
    if (text === 'stale') return undefined;
    if (from.form === undefined) return { text };
    let form: FormState | 'stale';
    try {
      form = await Promise.race([Promise.resolve(from.form(ref)), ended]);
    } catch {
      // A line without the form's state (a bench page's): the text alone.
      return { text };
    }
    return form === 'stale' ? undefined : { text, form };
  };

  /**
   * Lints the text `read` answers at `request.revision`, after the lints queued before it; an
   * older revision than one asked for since answers CONFLICT, and what it touched is carried.
   */
  const lintQueued = (
    request: { revision: number; touchedPaths?: string[] },
    read: () => Promise<{ text: string; form?: FormState } | undefined>,
  ): Promise<Result<LintAnswer | 'stale'>> => {
    newest = Math.max(newest, request.revision);
    const carry = (touchedPaths: readonly string[] | undefined) => {
      if (carried === undefined) return;
      if (touchedPaths === undefined) carried = undefined;
      else for (const path of touchedPaths) carried.add(path);
    };
    const answer = queue.then(async (): Promise<Result<LintAnswer | 'stale'>> => {
      if (request.revision < newest) {
        // What it touched is linted with the newer request (a whole lint when it named none).
        carry(request.touchedPaths);
        return {
          ok: false,
          error: toErrorInfo(new CoreError('CONFLICT', 'A newer revision is being linted.')),
        };
      }
      try {
        const document = await read();
        if (document === undefined) {
          // Asked again with the document's revision as it is now: what it touched goes too.
          carry(request.touchedPaths);
          return { ok: true, value: 'stale' };
        }
        const touched =
          request.touchedPaths === undefined || carried === undefined
            ? undefined
            : [...new Set([...carried, ...request.touchedPaths])];
        carried = new Set();
        const { text, form } = document;
        const value = await linter.lint(text, request.revision, touched, form);
        value.textKey = textKey(text);
        return { ok: true, value };
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    });
    queue = answer;
    return answer;
  };

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
    /**
     * Where the document's text is read from (the document worker, over a port the page made);
     * replaces the one before, whose read under way answers 'stale'.
     */
    connectDocument: (next: DocumentTextSource | undefined): void => {
      source = next;
      relinked();
      relinked = () => {};
    },
    /**
     * The findings of the document's text `request.document`, read from the connected document
     * worker: 'stale' when it no longer has that text (or none is connected); the page reads
     * the document's revision again and asks anew.
     */
    lintDocument: (request: DocumentLintRequest): Promise<Result<LintAnswer | 'stale'>> =>
      lintQueued(request, () => readDocument(request.document)),
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
