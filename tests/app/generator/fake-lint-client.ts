/**
 * A stand-in for app/core/lint-client.ts in page tests (`vi.mock`): Spectral on the main thread
 * of happy-dom takes seconds per lint, which the page's own tests do not test. It answers with
 * the findings in {@link fakeLint} and, unless `ours` is false, those of our own ruleset
 * (`specform` alone, Spectral's rules left out: quick) in the text, which decide Generate with
 * the form's own rules; and it records what it was asked.
 */
import type { Result } from '../../../src/shared/openapi/core-api';
import type { ErrorInfo } from '../../../src/shared/openapi/errors';
import type { LintAnswer, LintFinding, RulesetInfo } from '../../../src/shared/openapi/lint/types';
import { canGenerateWith, countFindings, lintText } from '../../../src/shared/openapi/lint/lint';
import { readRuleset } from '../../../src/shared/openapi/lint/ruleset';
import type { LintSource } from '../../../src/app/core/lint-client';

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

export class LintClient {
  latest: LintAnswer | undefined;
  private readonly listeners = new Set<(answer: LintAnswer) => void>();
  private readonly failureListeners = new Set<(error: ErrorInfo) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** The line to the document worker: the fake reads no text at all. */
  linkDocument(): void {}

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
    const read = await source();
    if (read === undefined) return undefined;
    fakeLint.requests.push({ revision: read.revision, touchedPaths });
    await fakeLint.gate;
    const findings = [
      ...(fakeLint.ours ? await lintText(read.text, OURS) : []),
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

  cancel(): void {
    clearTimeout(this.timer);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
