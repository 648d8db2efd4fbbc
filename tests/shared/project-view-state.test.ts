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

  it('finds the same change in document-sized texts as a character scan does', () => {
    /** The plain scan (the block-wise one must give exactly this). */
    const reference = (content: string, output: string) => {
      let start = 0;
      const shorter = Math.min(content.length, output.length);
      while (start < shorter && content[start] === output[start]) start++;
      let end = content.length;
      let outEnd = output.length;
      while (end > start && outEnd > start && content[end - 1] === output[outEnd - 1]) {
        end--;
        outEnd--;
      }
      return { start, end, text: output.slice(start, outEnd) };
    };
    // Repetitive text over several 16 K blocks: edits near block edges, repeats around them.
    const base = 'paths:\n  /a:\n    get: {}\n'.repeat(3000);
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.string({ maxLength: 30 }),
        (at, removed, typed) => {
          const cut = at % (base.length + 1);
          const output = base.slice(0, cut) + typed + base.slice(cut + removed);
          const change = outputChange(base, output);
          if (output === base) expect(change).toBeUndefined();
          else expect(change).toEqual(reference(base, output));
        },
      ),
      { numRuns: 300 },
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
