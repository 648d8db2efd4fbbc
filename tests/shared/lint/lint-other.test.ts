/**
 * The lint of a text that is not the document (the output editor's own): whole, under the
 * ruleset in force, without touching what the document's re-lints keep; a text the core cannot
 * read answers the core's error at its line instead of running Spectral on it.
 */
import { describe, expect, it } from 'vitest';
import { createLintApi } from '../../../src/shared/openapi/lint/lint-api';
import { unreadableFinding } from '../../../src/shared/openapi/lint/lint';

const VALID = `openapi: 3.0.1
info:
  title: T
  version: v1
paths:
  /a:
    get:
      responses:
        '200':
          description: OK
`;

/** A chain of schemas, each aliasing the one before twice: an alias bomb for a naive reader. */
function aliased(count: number): string {
  const lines = ['    s0: &s0 {type: string}'];
  for (let i = 1; i < count; i++) {
    lines.push(`    s${i}: &s${i} {type: object, properties: {p: *s${i - 1}, q: *s${i - 1}}}`);
  }
  return `openapi: 3.0.1\ninfo:\n  title: A\n  version: v1\npaths: {}\ncomponents:\n  schemas:\n${lines.join('\n')}\n`;
}

describe('lintOther', () => {
  it("answers Spectral's findings of a readable text", async () => {
    const api = createLintApi();
    const answer = await api.lintOther({ text: VALID, revision: 1 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.revision).toBe(1);
    expect(answer.value.mode).toBe('full');
    expect(answer.value.findings.map((f) => f.code)).toContain('oas3-api-servers');
  });

  it('answers a YAML syntax error at its line, and Spectral is not run', async () => {
    const api = createLintApi();
    // Spectral's own YAML parser reads this unclosed quote on as a string, without an error.
    const text = 'openapi: 3.0.1\ninfo:\n  title: "T\n  version: v1\npaths: {}\n';
    const answer = await api.lintOther({ text, revision: 1 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.findings).toHaveLength(1);
    const [finding] = answer.value.findings;
    expect(finding?.code).toBe('YAML_SYNTAX');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toMatch(/quote/);
    // Line 6 in the core's words (1-based), the last line read.
    expect(finding?.range.start.line).toBe(5);
    expect(answer.value.canGenerate).toBe(false);
  });

  it('places a duplicate key at its line, to the end of that line', () => {
    const finding = unreadableFinding('openapi: 3.0.1\ninfo:\n  title: T\n  title: U\r\n');
    expect(finding?.code).toBe('YAML_SYNTAX');
    expect(finding?.range).toEqual({
      start: { line: 3, character: 2 },
      end: { line: 3, character: 10 },
    });
  });

  it('refuses an alias bomb at once (Spectral would never end on it)', async () => {
    const api = createLintApi();
    const started = Date.now();
    const answer = await api.lintOther({ text: aliased(300), revision: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.ok && answer.value.findings.map((f) => f.code)).toEqual(['YAML_ALIAS_LIMIT']);
  });

  it('answers CONFLICT to an older text still queued, and keeps the document lint apart', async () => {
    const api = createLintApi();
    api.connectDocument({ text: () => VALID });
    const document = { instance: 'w', revision: 1 };
    const first = api.lintDocument({ revision: 5, document });
    const older = api.lintOther({ text: 'a: 1\n', revision: 1 });
    const newer = api.lintOther({ text: VALID.replace('T\n', 'U\n'), revision: 2 });
    expect((await first).ok).toBe(true);
    const old = await older;
    expect(!old.ok && old.error.code).toBe('CONFLICT');
    expect((await newer).ok).toBe(true);
    // The document's revisions are not the other texts': a partial re-lint still follows its full lint.
    const again = await api.lintDocument({ revision: 6, document, touchedPaths: ['/a'] });
    expect(again.ok && again.value !== 'stale' && again.value.mode).toBe('partial');
  });
});
