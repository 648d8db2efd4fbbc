/**
 * A stand-in for app/core/lint-client.ts in page tests (`vi.mock`): Spectral on the main thread
 * of happy-dom takes seconds per lint, which the page's own tests do not test. It answers with
 * the findings in {@link fakeLint} and, unless `ours` is false, those of our own ruleset
 * (`specform` alone, Spectral's rules left out: quick) in the text and the form's state, which
 * decide Generate as in the app; and it records what it was asked.
 */
import type { Result } from '../../../src/shared/openapi/core-api';
import type { ErrorInfo } from '../../../src/shared/openapi/errors';
import type { LintAnswer, LintFinding, RulesetInfo } from '../../../src/shared/openapi/lint/types';
import {
  canGenerateWith,
  countFindings,
  lintForm,
  lintText,
  withFormFindings,
} from '../../../src/shared/openapi/lint/lint';
import type { FormState } from '../../../src/shared/openapi/lint/form-state';
import { readRuleset } from '../../../src/shared/openapi/lint/ruleset';
import { wrap } from 'comlink';
import type { DocumentLink, LintSource } from '../../../src/app/core/lint-client';
import type { DocumentTextRef } from '../../../src/shared/openapi/lint/types';

export const LINT_DEBOUNCE_MS = 0;

export const fakeLint: {
  findings: LintFinding[];
  /** When set, lints wait for it (a lint in progress). */
  gate?: Promise<void>;
  rulesets: string[];
  requests: { revision: number; touchedPaths?: readonly string[] }[];
  rulesetError?: ErrorInfo;
  /** The texts lintOther was asked for (the output editor's own). */
  others: string[];
  /** When set, lintOther answers these findings instead of {@link findings}. */
  otherFindings?: LintFinding[];
  /** Whether the text's findings of our own ruleset are answered too (true by default). */
  ours: boolean;
} = { findings: [], rulesets: [], requests: [], others: [], ours: true };

const OURS = readRuleset('extends: [specform]\n');

export function resetFakeLint(): void {
  fakeLint.findings = [];
  fakeLint.gate = undefined;
  fakeLint.rulesets = [];
  fakeLint.requests = [];
  fakeLint.rulesetError = undefined;
  fakeLint.others = [];
  fakeLint.otherFindings = undefined;
  fakeLint.ours = true;
}

/** What the document worker answers the lint over its line. */
interface DocumentLine {
  text(ref: DocumentTextRef): string;
  form(ref: DocumentTextRef): FormState | 'stale';
}

export class LintClient {
  latest: LintAnswer | undefined;
  private readonly listeners = new Set<(answer: LintAnswer) => void>();
  private readonly failureListeners = new Set<(error: ErrorInfo) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  private link: DocumentLink | undefined;

  /** The line to the document worker: the text of our own rules is read over it. */
  linkDocument(link: DocumentLink): void {
    this.link = link;
  }

  /**
   * The document's text of `ref` and the form's state, as the lint worker reads them
   * (undefined: stale or no line).
   */
  private async text(ref: DocumentTextRef): Promise<{ text: string; form: FormState } | undefined> {
    const link = this.link;
    if (link === undefined) return undefined;
    // A line per read: the page's client closes a line when it makes another.
    const port = await link();
    const remote = port === undefined ? undefined : wrap<DocumentLine>(port);
    const answer = remote === undefined ? undefined : await remote.text(ref);
    if (remote === undefined || answer === undefined || answer === 'stale') return undefined;
    const form = await remote.form(ref);
    return form === 'stale' ? undefined : { text: answer, form };
  }

  subscribe(listener: (answer: LintAnswer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onFailure(listener: (error: ErrorInfo) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  setRuleset(yaml: string): Promise<Result<RulesetInfo>> {
    fakeLint.rulesets.push(yaml);
    if (fakeLint.rulesetError !== undefined) {
      return Promise.resolve({ ok: false, error: fakeLint.rulesetError });
    }
    return Promise.resolve({ ok: true, value: { yaml, rules: {} } });
  }

  schedule(source: LintSource, touchedPaths?: readonly string[]): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(source, touchedPaths), LINT_DEBOUNCE_MS);
  }

  lintNow(source: LintSource): Promise<LintAnswer | undefined> {
    return this.run(source);
  }

  private async run(
    source: LintSource,
    touchedPaths?: readonly string[],
  ): Promise<LintAnswer | undefined> {
    let read = await source();
    if (read === undefined) return undefined;
    fakeLint.requests.push({ revision: read.revision, touchedPaths });
    await fakeLint.gate;
    let text = fakeLint.ours ? await this.text(read.document) : undefined;
    // A revision the document no longer has is asked for again, as the lint client does.
    for (let again = 0; fakeLint.ours && text === undefined && again < 4; again += 1) {
      read = await source();
      if (read === undefined) return undefined;
      text = await this.text(read.document);
    }
    const findings = [
      ...(text !== undefined
        ? withFormFindings(await lintText(text.text, OURS), await lintForm(text.form, OURS))
        : []),
      ...fakeLint.findings,
    ];
    const answer: LintAnswer = {
      revision: read.revision,
      findings,
      counts: countFindings(findings),
      canGenerate: canGenerateWith(findings),
      mode: touchedPaths === undefined ? 'full' : 'partial',
      ms: 0,
    };
    if (this.latest !== undefined && answer.revision < this.latest.revision) return undefined;
    this.latest = answer;
    for (const listener of this.listeners) listener(answer);
    return answer;
  }

  private otherRevision = 0;

  async lintOther(text: string): Promise<Result<LintAnswer> | undefined> {
    fakeLint.others.push(text);
    const revision = ++this.otherRevision;
    await fakeLint.gate;
    const findings = [...(fakeLint.otherFindings ?? fakeLint.findings)];
    return {
      ok: true,
      value: {
        revision,
        findings,
        counts: countFindings(findings),
        canGenerate: canGenerateWith(findings),
        mode: 'full',
        ms: 0,
      },
    };
  }

  /** The stand-in answers at once, or waits on the shared gate: never busy on its own. */
  get busy(): boolean {
    return false;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
