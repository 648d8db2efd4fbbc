import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedRange } from '../../../src/app/editor/changed-range';

/** Applies the change the way the editor does: the old range replaced by the new text's part. */
function apply(before: string, after: string): string {
  const range = changedRange(before, after);
  if (range === undefined) return before;
  return (
    before.slice(0, range.start) +
    after.slice(range.start, range.newEnd) +
    before.slice(range.oldEnd)
  );
}

describe('changedRange', () => {
  it('finds a one-line change in a large text', () => {
    const line = (i: number) => `  summary: operation number ${i}\n`;
    const before = Array.from({ length: 50_000 }, (_, i) => line(i)).join('');
    const after = before.replace(line(31_337), '  summary: renamed\n');
    const range = changedRange(before, after)!;
    expect(before.slice(range.start, range.oldEnd)).toBe('operation number 31337');
    expect(after.slice(range.start, range.newEnd)).toBe('renamed');
    expect(apply(before, after)).toBe(after);
  });

  it('answers undefined for equal texts, and handles insertions, removals and repeats', () => {
    expect(changedRange('same', 'same')).toBeUndefined();
    expect(changedRange('abc', 'abXc')).toEqual({ start: 2, oldEnd: 2, newEnd: 3 });
    expect(changedRange('abXc', 'abc')).toEqual({ start: 2, oldEnd: 3, newEnd: 2 });
    // Prefix and suffix never overlap: "aaa" → "aa" removes one character.
    expect(changedRange('aaa', 'aa')).toEqual({ start: 2, oldEnd: 3, newEnd: 2 });
    expect(changedRange('', 'new')).toEqual({ start: 0, oldEnd: 0, newEnd: 3 });
  });

  it('never splits a surrogate pair', () => {
    const range = changedRange('a\u{1F600}b', 'a\u{1F601}b')!;
    expect(range).toEqual({ start: 1, oldEnd: 3, newEnd: 3 });
  });

  it('rebuilds the new text from the old one for any pair', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '\n', 'é', '\u{1F600}'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, text, (before, after) => {
        expect(apply(before, after)).toBe(after);
      }),
    );
  });
});
