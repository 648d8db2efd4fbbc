/**
 * The page's one lint (Spectral in the lint worker, app/core/lint-client.ts): after every change
 * the document worker reports it reads the open document's revision and length (never its text:
 * the lint worker reads the text from the document worker over its own port), and its answer
 * feeds the Problems panel, the output editor's markers and the Generate rule.
 *
 * - A Load (another text opened) and a new ruleset lint at once, the whole text; an edit is
 *   linted after the client's debounce, only the path items it touched when the document worker
 *   named them. After a partial lint the whole text is linted again once editing pauses for
 *   {@link SETTLE_MS}, so that what a part cannot answer (rules across path items, components an
 *   endpoint's body wrote) catches up.
 * - `pending`: the text changed since the answer was made (the answer is of an older text).
 * - Lint revisions are this page's own count: the document worker counts anew when a text is
 *   opened in a fresh worker, and the lint must see them only grow.
 * - A text longer than {@link LINT_MAX_CHARS} is not linted by itself: its whole check takes
 *   minutes of a core. `large` offers it ({@link LintWiring.checkWhole}, which can be
 *   cancelled); once it has answered, endpoint edits re-lint what they touched as for any text.
 *   Another change of such a text (its info, a schema, the ruleset) would need a whole check
 *   again: it is offered again, and no settling whole lint follows a partial one.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Result } from '../../shared/openapi/core-api';
import type { ErrorInfo } from '../../shared/openapi/errors';
import type { TextKey } from '../../shared/openapi/lint/text-key';
import type { LintAnswer } from '../../shared/openapi/lint/types';
import type { DocumentChange, GeneratorClient } from '../core/generator-client';
import { LintClient, type LintSource } from '../core/lint-client';

/** Pause in editing after a partial lint before the whole text is linted again. */
export const SETTLE_MS = 2000;

/**
 * Texts longer than this are not linted by themselves. A full Spectral run on a 13 MB
 * description takes minutes of a core; on a two-core machine it starved the document worker
 * and the page (Generate waited more than 15 s after an edit). The panel offers the check with
 * its expected time, and the form's own checks stay in force until it answers.
 */
export const LINT_MAX_CHARS = 5_000_000;

/**
 * Time of a whole lint per million characters, in Chromium's lint worker (bench:lint: GitHub's
 * 13.0 M characters in 141 s on a two-core machine at light load). Resolving GitHub's
 * references makes it the slowest per character of the large documents measured.
 */
export const LINT_MS_PER_MILLION_CHARS = 11_000;

/** The expected time of a whole lint of a text of `chars` characters. */
export function lintEstimateMs(chars: number): number {
  return Math.round((chars / 1_000_000) * LINT_MS_PER_MILLION_CHARS);
}

/** A text over {@link LINT_MAX_CHARS}: its whole check waits for the user. */
export interface LargeLint {
  /** The text's length. */
  chars: number;
  /** `offered`: not checked; `running`: the whole text is being checked. */
  status: 'offered' | 'running';
  /** The expected time of the check (ms). */
  estimateMs: number;
  /** When the running check began (`Date.now()`). */
  startedAt?: number;
}

/** What the page shows of the lint. */
export interface LintState {
  /** The newest answer (of `text`), until the first one: undefined. */
  answer?: LintAnswer;
  /**
   * Which text the answer is of (the output editor shows its markers only on this text). The
   * text itself stays in the workers: the lint worker reads it from the document worker.
   */
  textKey?: TextKey;
  /** The document changed since `answer` was made, and its lint has not answered yet. */
  pending: boolean;
  /** The project's ruleset could not be used (the default rules stay in force). */
  rulesetError?: ErrorInfo;
  /** The last lint failed (the next change lints again). */
  lintError?: ErrorInfo;
  /** The open text is longer than {@link LINT_MAX_CHARS} and no whole check of it answered. */
  large?: LargeLint;
}

/** The lint's state, and the large text's check to start or cancel. */
export interface LintView extends LintState {
  checkWhole: () => void;
  cancelWhole: () => void;
  /** Lints a text that is not the document (the output editor's own); see LintWiring.lintOther. */
  lintOther: (text: string) => Promise<Result<LintAnswer> | undefined>;
  /** Stops a lint of another text under way (see LintWiring.cancelOther). */
  cancelOther: () => void;
}

/** The document worker as the lint sees it (tests pass a fake). */
export type LintDocumentSource = Pick<
  GeneratorClient,
  'onDocumentChange' | 'documentTextInfo' | 'lintPort'
>;

/**
 * Drives one LintClient for a page: returns what to show. `ruleset` is the project's ruleset
 * YAML ('' for the default).
 */
export function useLint(
  document: LintDocumentSource,
  ruleset: string,
  createClient: () => LintClient = () => new LintClient(),
): LintView {
  const [state, setState] = useState<LintState>({ pending: false });
  const [wiring] = useState(
    () => new LintWiring(document, createClient(), setState, LINT_MAX_CHARS, createClient()),
  );
  useEffect(() => wiring.start(), [wiring]);
  useEffect(() => wiring.setRuleset(ruleset), [wiring, ruleset]);
  return useMemo(
    () => ({
      ...state,
      checkWhole: () => wiring.checkWhole(),
      cancelWhole: () => wiring.cancelWhole(),
      lintOther: (text: string) => wiring.lintOther(text),
      cancelOther: () => wiring.cancelOther(),
    }),
    [state, wiring],
  );
}

/** The ruleset sent to the editor's own lint worker, and whether it has taken it. */
interface OtherRuleset {
  yaml: string;
  set: Promise<void>;
  settled: boolean;
}

/** The hook's machinery, apart from React (tests drive it directly). */
export class LintWiring {
  /** Bumped at every change of the document (and of the ruleset). */
  private changes = 0;
  /** `changes` when the open text was last opened: an answer read before is another text's. */
  private openedAt = 0;
  /** The page's lint revision: one per text read. */
  private revision = 0;
  /** For each lint revision read and not answered yet: the change count then. */
  private reads = new Map<number, { changes: number }>();
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private state: LintState = { pending: false };
  private rulesetYaml: string | undefined;
  /** The length of the open text when it was last read (whether it is over the limit). */
  private length = 0;
  /** The open text is linted although over the limit: the user asked for its whole check. */
  private largeAllowed = false;
  /** The ruleset set in {@link other}'s worker (when it is a client of its own), and its answer. */
  private otherRuleset: OtherRuleset | undefined;

  /**
   * `other` lints the texts that are not the document (the output editor's own). A client of
   * its own (the page's) has a worker of its own: a pasted text's check does not wait for the
   * document's lint under way (a 4 MB document's takes 15–35 s), and stopping it does not stop
   * the document's. Its worker starts on the first such text.
   */
  constructor(
    private readonly document: LintDocumentSource,
    readonly client: LintClient,
    private readonly publish: (state: LintState) => void,
    private readonly maxChars: number = LINT_MAX_CHARS,
    private readonly other: LintClient = client,
  ) {}

  private get isLarge(): boolean {
    return this.length > this.maxChars;
  }

  /** The large text's check, offered (its findings, if any, are dropped: they are of another text). */
  private offer(): void {
    this.largeAllowed = false;
    const shown = this.state.large;
    // The same offer is not published again (each state re-renders the whole page).
    const large =
      shown?.status === 'offered' && shown.chars === this.length
        ? shown
        : {
            chars: this.length,
            status: 'offered' as const,
            estimateMs: lintEstimateMs(this.length),
          };
    this.set({ pending: false, answer: undefined, textKey: undefined, large });
  }

  private set(next: Partial<LintState>): void {
    // The page re-renders on each state: nothing is published when nothing changed.
    const keys = Object.keys(next) as (keyof LintState)[];
    if (keys.every((key) => this.state[key] === next[key])) return;
    this.state = { ...this.state, ...next };
    this.publish(this.state);
  }

  /**
   * Which text to lint now (the document worker's revision; its length decides the offer),
   * under a new lint revision. Only numbers cross: the lint worker reads the text itself.
   */
  private readonly source: LintSource = async () => {
    const changes = this.changes;
    let read: { instance: string; revision: number; length: number } | undefined;
    try {
      read = await this.document.documentTextInfo();
    } catch {
      read = undefined;
    }
    if (read === undefined) {
      // Nothing open to lint: nothing is pending either.
      if (changes === this.changes) this.set({ pending: false });
      return undefined;
    }
    this.length = read.length;
    if (this.isLarge && !this.largeAllowed) {
      // Not linted: no answer of an older text stays shown as if it were this one's.
      if (changes === this.changes) this.offer();
      return undefined;
    }
    if (!this.isLarge && this.state.large !== undefined) this.set({ large: undefined });
    const revision = ++this.revision;
    this.reads.set(revision, { changes });
    return { revision, document: { instance: read.instance, revision: read.revision } };
  };

  /** Subscribes to the document and the lint; answers the cleanup. */
  start(): () => void {
    this.client.linkDocument(() => this.document.lintPort());
    const offChange = this.document.onDocumentChange((change) => this.onChange(change));
    const offAnswer = this.client.subscribe((answer) => this.onAnswer(answer));
    const offFailure = this.client.onFailure((error) => {
      // A large text's whole check that failed is offered again.
      if (this.state.large?.status === 'running') this.offer();
      this.set({ pending: false, lintError: error });
    });
    return () => {
      offChange();
      offAnswer();
      offFailure();
      clearTimeout(this.settleTimer);
      this.client.dispose();
      if (this.other !== this.client) this.other.dispose();
      // A worker started again holds the default ruleset: the next setRuleset sends it anew.
      this.rulesetYaml = undefined;
      this.otherRuleset = undefined;
    };
  }

  /**
   * The large text's whole check, which the panel offers: the lint worker checks the text as
   * it is now. Its answer ends `large`.
   */
  checkWhole(): void {
    const large = this.state.large;
    if (large?.status !== 'offered') return;
    this.largeAllowed = true;
    this.set({ large: { ...large, status: 'running', startedAt: Date.now() } });
    void this.client.lintNow(this.source);
  }

  /** Stops the large text's whole check: it is offered again. */
  cancelWhole(): void {
    if (this.state.large?.status !== 'running') return;
    this.client.cancel();
    this.reads.clear();
    this.offer();
  }

  /**
   * Lints a text that is not the document (the output editor's, typed or pasted and not
   * loaded) under the ruleset in force; the answer goes to the caller only (the document's
   * state does not change). Undefined when superseded or cancelled.
   */
  lintOther(text: string): Promise<Result<LintAnswer> | undefined> {
    const yaml = this.rulesetYaml;
    if (this.other !== this.client && yaml !== undefined) {
      // The other worker takes the ruleset in force before its first text and at each change.
      // (A ruleset it refuses leaves it with the default rules, as the panel says of the
      // document's.)
      let ruleset = this.otherRuleset;
      if (ruleset?.yaml !== yaml) {
        const entry: OtherRuleset = { yaml, set: Promise.resolve(), settled: false };
        entry.set = this.other.setRuleset(yaml).then(() => {
          entry.settled = true;
        });
        ruleset = entry;
        this.otherRuleset = entry;
      }
      // Once set, the check starts in this call (a Load may stop it at once: see onChange).
      if (!ruleset.settled) return ruleset.set.then(() => this.other.lintOther(text));
    }
    return this.other.lintOther(text);
  }

  /**
   * Stops the lint of another text under way (a large one's check, or a long one's whose text
   * changed): its worker is stopped. When that is the document's worker too (one client), the
   * document's lint under way is asked again (a large document's running check is offered
   * again).
   */
  cancelOther(): void {
    this.other.cancel();
    // With a worker of its own, the document's lint goes on.
    if (this.other !== this.client) return;
    this.reads.clear();
    if (this.state.large?.status === 'running') this.offer();
    else if (this.state.pending && !(this.isLarge && !this.largeAllowed)) {
      void this.client.lintNow(this.source);
    }
  }

  /** The project's ruleset: set in the worker, then the whole text linted under it. */
  setRuleset(yaml: string): void {
    if (yaml === this.rulesetYaml) return;
    this.rulesetYaml = yaml;
    this.changes += 1;
    if (this.isLarge) {
      // A large text's whole check under the new rules waits for the user again.
      if (this.state.large?.status === 'running') this.client.cancel();
      this.largeAllowed = false;
    }
    this.set({ pending: true });
    void this.client.setRuleset(yaml).then(
      (result) => {
        if (yaml !== this.rulesetYaml) return;
        // (A worker that failed is told by onFailure: that is no fault of the ruleset.)
        const refused =
          !result.ok &&
          (result.error.code === 'RULESET_REFUSED' || result.error.code === 'RULESET_INVALID');
        this.set({ rulesetError: refused ? result.error : undefined });
        // A refused ruleset leaves the one in force: the text is linted under it all the same.
        void this.client.lintNow(this.source);
      },
      (error: unknown) => {
        this.set({
          pending: false,
          lintError: {
            code: 'INTERNAL',
            message: error instanceof Error ? error.message : String(error),
          },
        });
      },
    );
  }

  private onChange(change: DocumentChange): void {
    this.changes += 1;
    clearTimeout(this.settleTimer);
    if (change.opened) {
      // Another text: its length decides anew, and a whole check of the one before is stopped.
      if (this.state.large?.status === 'running') {
        this.client.cancel();
        this.reads.clear();
      }
      this.largeAllowed = false;
      this.openedAt = this.changes;
      // The text opened is the one the output editor shows: the document's lint answers for it
      // now, and a check of the editor's own text under way would take the cores from it.
      if (this.other !== this.client && this.other.busy) this.other.cancel();
      // The last answer is of another document: its findings are not this one's (a blank path
      // of the text before would say an error the opened one does not have) until it answers.
      if (this.state.answer !== undefined) {
        this.set({ pending: true, answer: undefined, textKey: undefined });
      }
    } else if (this.isLarge) {
      // An edit of a large text not checked is not read at all: reading it is a copy of the
      // whole text out of the document worker at every pause in typing.
      if (!this.largeAllowed) return;
      if (change.touchedPaths === undefined) {
        // Only a whole check answers this change: it waits for the user again.
        this.client.cancel();
        this.reads.clear();
        this.offer();
        return;
      }
    }
    if (!this.state.pending) this.set({ pending: true });
    // The ruleset's first setting lints the opened text anyway.
    if (this.rulesetYaml === undefined) return;
    if (change.opened) void this.client.lintNow(this.source);
    else this.client.schedule(this.source, change.touchedPaths);
  }

  private onAnswer(answer: LintAnswer): void {
    const read = this.reads.get(answer.revision);
    for (const revision of this.reads.keys()) {
      if (revision <= answer.revision) this.reads.delete(revision);
    }
    // An answer of an earlier text while a large one waits for its check is of no text shown.
    if (read === undefined || (this.isLarge && !this.largeAllowed)) return;
    // An answer of the text before another was opened is not shown as this one's.
    if (read.changes < this.openedAt) return;
    const pending = read.changes !== this.changes;
    this.set({
      answer,
      textKey: answer.textKey,
      pending,
      lintError: undefined,
      large: undefined,
    });
    clearTimeout(this.settleTimer);
    // A large text's whole lint is not run by itself (see the header).
    if (answer.mode === 'partial' && !pending && !this.isLarge) {
      const changes = this.changes;
      this.settleTimer = setTimeout(() => {
        if (changes === this.changes) void this.client.lintNow(this.source);
      }, SETTLE_MS);
    }
  }
}
