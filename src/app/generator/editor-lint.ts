/**
 * The output editor's diagnostics when its text is not the document's (typed, pasted or opened
 * and not loaded): that text is linted in the lint worker too, so the editor's markers and the
 * list under it always come from the one lint (Spectral with the project's ruleset), never from
 * a second checker. Apart from React and Monaco so that tests drive it directly.
 *
 * - Every change of the text makes the shown findings stale at once (`changed`); the text is
 *   read again once typing pauses (`settle`).
 * - The document's own text is not linted twice: while the editor shows exactly the text the
 *   document's lint read (same length and hash: that text never comes to the page for the
 *   lint), its answer is the editor's (`document`). While the document's lint is
 *   pending (a Generate or a Load put a new text in the editor), its answer is awaited.
 * - A text over {@link LINT_MAX_CHARS} is not linted by itself, as the document is not: its
 *   check is offered (`large`), and can be cancelled.
 */
import type { Result } from '../../shared/openapi/core-api';
import type { ErrorInfo } from '../../shared/openapi/errors';
import { sameTextKey, textKey, type TextKey } from '../../shared/openapi/lint/text-key';
import type { LintAnswer } from '../../shared/openapi/lint/types';
import { LINT_MAX_CHARS, lintEstimateMs } from './useLint';

/** What the output editor shows of its text's check. */
export type EditorLintState =
  /** A blank text: nothing to check, nothing to show. */
  | { kind: 'none' }
  /** The text changed since its findings were made: they are gone, a check follows. */
  | { kind: 'changed' }
  /** The text is the document's: the document's lint answers for it. */
  | { kind: 'document' }
  /** The editor's own text is being checked. */
  | { kind: 'checking' }
  /** The findings of the editor's own text (not the document's). */
  | { kind: 'checked'; answer: LintAnswer }
  /** A text over the automatic limit: its check is offered, or running. */
  | {
      kind: 'large';
      chars: number;
      estimateMs: number;
      status: 'offered' | 'running';
      startedAt?: number;
    }
  /** The check failed (the lint worker could not run). */
  | { kind: 'failed'; error: ErrorInfo };

/** The document's lint, as far as the editor needs it. */
export interface DocumentLint {
  /** Which text the document's last answer is of (its length and hash: the text stays in the workers). */
  textKey?: TextKey;
  /** The document changed since that answer: a new one is coming. */
  pending: boolean;
}

/** The text the editor shows, read only when needed (a large text is read in slices). */
export interface ShownText {
  length: number;
  blank: boolean;
  read: () => Promise<string | undefined>;
}

/** The lint as the editor uses it (LintView's calls). */
export interface OtherLint {
  lintOther: (text: string) => Promise<Result<LintAnswer> | undefined>;
  cancelOther: () => void;
}

/**
 * A running check of a text longer than this is stopped when the text changes (about 5 s of
 * the lint worker at bench:lint's rate); a shorter one ends sooner than a new worker starts.
 */
export const STOP_CHECK_CHARS = 500_000;

export class EditorLint {
  /** Bumped at every change of the editor's text. */
  private version = 0;
  /** The version whose check was started (or offered). */
  private ranFor = -1;
  /** The key of the text shown at `version` (hashing 50 MB is a long task: done once). */
  private shownKey: { version: number; key: TextKey } | undefined;
  private state: EditorLintState = { kind: 'none' };
  /** Reads the text of the version offered as large (its check reads it when asked). */
  private largeRead: (() => Promise<string | undefined>) | undefined;
  /** The length of the text whose check is running (`checking`). */
  private checkingChars = 0;

  constructor(
    private readonly lint: OtherLint,
    private readonly publish: (state: EditorLintState) => void,
    private readonly maxChars: number = LINT_MAX_CHARS,
  ) {}

  get current(): EditorLintState {
    return this.state;
  }

  private set(next: EditorLintState): void {
    if (next === this.state) return;
    if (next.kind === this.state.kind && (next.kind === 'none' || next.kind === 'changed')) return;
    if (next.kind === 'document' && this.state.kind === 'document') return;
    this.state = next;
    this.publish(next);
  }

  /** The text changed: its findings are of the text before, and go at once. */
  changed(): void {
    this.version += 1;
    const state = this.state;
    // A long check of the text before is stopped: its answer would be dropped anyway, and the
    // lint worker would spend seconds on it before the new text's check.
    if (
      (state.kind === 'large' && state.status === 'running') ||
      (state.kind === 'checking' && this.checkingChars > STOP_CHECK_CHARS)
    ) {
      this.lint.cancelOther();
    }
    this.largeRead = undefined;
    this.set({ kind: 'changed' });
  }

  /**
   * Typing paused (or the document's lint answered): decide what the text's findings are, and
   * check it when it is not the document's. Called again with the same text, it starts nothing
   * twice.
   */
  async settle(shown: ShownText, document: DocumentLint): Promise<void> {
    const version = this.version;
    if (shown.blank) {
      this.set({ kind: 'none' });
      return;
    }
    let text: string | undefined;
    if (document.textKey !== undefined && document.textKey.length === shown.length) {
      // Hashed once per text shown (every answer of the document asks again).
      let key = this.shownKey?.version === version ? this.shownKey.key : undefined;
      if (key === undefined) {
        text = await shown.read();
        if (text === undefined || version !== this.version) return;
        key = textKey(text);
        this.shownKey = { version, key };
      }
      if (sameTextKey(key, document.textKey)) {
        this.set({ kind: 'document' });
        return;
      }
    }
    if (this.ranFor === version) {
      // Checked already (or offered); a 'document' state of this text ended by a newer answer.
      if (this.state.kind === 'document') this.ranFor = -1;
      else return;
    }
    // A new text of the document is being linted: its answer will be this text's.
    if (document.pending) {
      this.set({ kind: 'changed' });
      return;
    }
    this.ranFor = version;
    if (shown.length > this.maxChars) {
      this.largeRead = shown.read;
      this.set({
        kind: 'large',
        chars: shown.length,
        estimateMs: lintEstimateMs(shown.length),
        status: 'offered',
      });
      return;
    }
    text ??= await shown.read();
    if (text === undefined || version !== this.version) return;
    this.checkingChars = text.length;
    this.set({ kind: 'checking' });
    await this.run(version, text, false);
  }

  /** The large text's check, which the list under the editor offers. */
  async checkLarge(): Promise<void> {
    const state = this.state;
    const read = this.largeRead;
    if (state.kind !== 'large' || state.status !== 'offered' || read === undefined) return;
    const version = this.version;
    this.set({ ...state, status: 'running', startedAt: Date.now() });
    const text = await read();
    if (text === undefined || version !== this.version) return;
    await this.run(version, text, true);
  }

  /** Stops the large text's check: it is offered again. */
  cancelLarge(): void {
    const state = this.state;
    if (state.kind !== 'large' || state.status !== 'running') return;
    this.lint.cancelOther();
    this.set({
      kind: 'large',
      chars: state.chars,
      estimateMs: state.estimateMs,
      status: 'offered',
    });
  }

  private async run(version: number, text: string, large: boolean): Promise<void> {
    const answer = await this.lint.lintOther(text);
    if (version !== this.version) return;
    if (answer === undefined) {
      // Cancelled (the document's Load stops the lint worker too): asked again on the next
      // settle, or offered again when large.
      const state = this.state;
      if (large && state.kind === 'large') {
        this.set({ ...state, status: 'offered', startedAt: undefined });
      } else if (!large) {
        this.ranFor = -1;
        this.set({ kind: 'changed' });
      }
      return;
    }
    this.set(
      answer.ok
        ? { kind: 'checked', answer: answer.value }
        : { kind: 'failed', error: answer.error },
    );
  }
}
