/** The project's view state (issue 12): the output editor's text kept as one change of the document. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputChange, projectOutput, projectViewStateJson } from '../../src/shared/projects';

const reread = (content: string, output: string) =>
  projectOutput(content, JSON.parse(projectViewStateJson(content, output)));

describe('project view state', () => {
  it('gives back the output editor text for any document and output', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (content, output) => {
        expect(reread(content, output)).toBe(output);
      }),
      { numRuns: 500 },
    );
  });

  it('gives back an edit of the document, kept as a small change', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 400 }),
        fc.nat(),
        fc.string({ maxLength: 20 }),
        (content, at, typed) => {
          const cut = at % (content.length + 1);
          const output = content.slice(0, cut) + typed + content.slice(cut);
          expect(reread(content, output)).toBe(output);
          expect((outputChange(content, output)?.text ?? '').length).toBeLessThanOrEqual(
            typed.length,
          );
        },
      ),
    );
  });

  it('stores nothing of the output when it is the document', () => {
    expect(projectViewStateJson('openapi: 3.0.1\n', 'openapi: 3.0.1\n')).toBe('{"v":2}');
  });

  it('reads older projects, and view states it cannot use, as showing the document', () => {
    expect(projectOutput('a: 1\n', null)).toBe('a: 1\n');
    expect(projectOutput('a: 1\n', { v: 1, content: 'output-editor' })).toBe('a: 1\n');
    expect(projectOutput('a: 1\n', { v: 2, output: { start: 3, end: 99, text: 'x' } })).toBe(
      'a: 1\n',
    );
    expect(projectOutput('a: 1\n', { v: 2, output: { start: 3, end: 4, text: '2' } })).toBe(
      'a: 2\n',
    );
  });

  it('writes keys in the order jsonb gives them back (shorter first), so a reread is equal', () => {
    const jsonbOrder = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const entries = Object.entries(value).sort(([a], [b]) =>
        a.length !== b.length ? a.length - b.length : a < b ? -1 : 1,
      );
      return Object.fromEntries(entries.map(([k, v]) => [k, jsonbOrder(v)]));
    };
    for (const [content, output] of [
      ['a: 1\n', 'a: 1\n'],
      ['a: 1\n', 'a: 2\n# mine\n'],
    ] as const) {
      const text = projectViewStateJson(content, output);
      expect(JSON.stringify(jsonbOrder(JSON.parse(text)))).toBe(text);
    }
  });
});
