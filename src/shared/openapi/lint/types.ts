/**
 * The lint's findings and its API: one Spectral run in the worker is the one source
 * of the Problems panel, the output editor's markers and the Generate rule. Plain data only, so
 * every type crosses the worker boundary as it is (structured clone).
 */

import type { FormState } from './form-state';
import type { TextKey } from './text-key';

/** Spectral's severities by name (Spectral numbers them 0–3 in this order). */
export type LintSeverity = 'error' | 'warning' | 'info' | 'hint';

/** A position in the linted text: 0-based line and character (UTF-16), as Spectral gives it. */
export interface LintPosition {
  line: number;
  character: number;
}

/** Where a finding sits in the linted text (end exclusive). */
export interface LintRange {
  start: LintPosition;
  end: LintPosition;
}

/** Which ruleset a rule came from: Spectral's `spectral:oas`, ours (spec §5), or the project's. */
export type LintRuleSource = 'spectral:oas' | 'specform' | 'project';

/** One problem found by one rule at one place. */
export interface LintFinding {
  /**
   * The rule's name: Spectral's (e.g. `operation-operationId-unique`), the project's own, or one
   * of ours, named by the core's issue codes (e.g. `PATH_INCORRECT_CHARS`), so the app's EN/RU
   * wording of those codes (app/generator/issue-messages.ts) applies.
   */
  code: string;
  /** The JSON path of the value the rule flagged (keys and array indexes). */
  path: (string | number)[];
  severity: LintSeverity;
  /** The rule's message in English, as Spectral formats it (the app translates our own codes). */
  message: string;
  range: LintRange;
  source: LintRuleSource;
  /**
   * A finding of the form's own rules (form-state.ts): the form's endpoint and field it is
   * about (the page's jump, and its "not touched yet" filter). Its `path` is the endpoint's
   * operation, `[root, key, method]`.
   */
  form?: { endpointId: string; field: string };
}

/** How many findings there are of each severity. */
export type LintCounts = Record<LintSeverity, number>;

/** What a lint of the open document answers (worker API `lintDocument`, `lintOther`). */
export interface LintAnswer {
  /** The document revision the findings belong to (a later edit makes them stale). */
  revision: number;
  /** Every finding of the whole document, sorted by position. */
  findings: LintFinding[];
  counts: LintCounts;
  /**
   * Spec §5 "Generate is enabled", from these findings: no finding of severity `error` from a
   * rule of ours (the spec §5 rules). Spectral's and the project's rules report, never block.
   */
  canGenerate: boolean;
  /** 'full': the whole document was linted; 'partial': only what the last edits touched (see lint/README). */
  mode: 'full' | 'partial';
  /** Time the lint took in the worker, milliseconds. */
  ms: number;
  /** Which text the findings are of (a lint of the document, `lintDocument`). */
  textKey?: TextKey;
}

/** The project's ruleset as the worker holds it (worker API `setRuleset`). */
export interface RulesetInfo {
  /** The YAML text as given ('' for the default ruleset). */
  yaml: string;
  /** The rules in force, by name, with their severity ('off' for a rule turned off). */
  rules: Record<string, LintSeverity | 'off'>;
}

/** The default project ruleset: `spectral:oas` and ours (spec §5), nothing turned off. */
export const DEFAULT_RULESET_YAML = `extends:
  - spectral:oas
  - specform
`;

/*
 * What the page asks the lint worker (src/worker/lint-worker.ts, API `LintApi`):
 * - `setRuleset(yaml)` → `Result<RulesetInfo>`: the project's ruleset (refused with
 *   RULESET_REFUSED when it would read the network or the file system, RULESET_INVALID when it
 *   is not a ruleset); '' restores {@link DEFAULT_RULESET_YAML}.
 * - `lintDocument(request)` → `Result<LintAnswer | 'stale'>`: the findings of the document's
 *   text, which the lint worker reads from the document worker ({@link DocumentLintRequest}).
 * - `lintOther(request)` → `Result<LintAnswer>`: the findings of another text (the output
 *   editor's, not loaded), whole; a text the core cannot read answers the core's error as its
 *   one finding (code YAML_SYNTAX, YAML_ALIAS_LIMIT, …, at its line and column).
 * The lint runs in a worker of its own, so a long lint never delays an edit of the document.
 */

/** One text of the document worker: the worker's instance and the session's revision. */
export interface DocumentTextRef {
  /** The document worker (core) that rendered it: another one counts its revisions anew. */
  instance: string;
  revision: number;
}

/**
 * A lint of the document's text, which the lint worker reads from the document worker itself
 * (`connectDocument`): the page sends only this, never the text.
 */
export interface DocumentLintRequest {
  /** The page's lint revision (the answer's `revision`). */
  revision: number;
  /** The text to lint: answered `'stale'` when the document worker no longer has it. */
  document: DocumentTextRef;
  /**
   * The path keys (`paths` entries) the edits since the last lint touched; absent: lint the
   * whole document. Only a batch of endpoint edits names them (see lint/README.md).
   */
  touchedPaths?: string[];
}

/**
 * The document worker as the lint worker reads it (over a MessagePort the page gave both):
 * the text of `ref`, or `'stale'` when that worker is at another revision (or is another one).
 */
export interface DocumentTextSource {
  text(ref: DocumentTextRef): Promise<string | 'stale'> | string | 'stale';
  /**
   * The form's state at `ref` (the issues of the form's own rules, form-state.ts), linted with
   * the text; `'stale'` as for the text. A source without it (a bench page) has no form.
   */
  form?(ref: DocumentTextRef): Promise<FormState | 'stale'> | FormState | 'stale';
}

/** A text that is not the document (the output editor's own), to lint whole. */
export interface OtherLintRequest {
  text: string;
  /** The caller's count of such texts: an older one still queued is answered CONFLICT. */
  revision: number;
}
