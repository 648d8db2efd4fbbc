import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../src/app/projects/line-diff';

describe('diffLines', () => {
  it('finds nothing in equal texts', () => {
    expect(diffLines('a\nb\n', 'a\nb\n')).toEqual([]);
  });

  it('marks removed and added lines with context and folds the rest', () => {
    const before = ['1', '2', '3', '4', 'old', '6', '7', '8', '9'].join('\n');
    const after = ['1', '2', '3', '4', 'new', 'extra', '6', '7', '8', '9'].join('\n');
    expect(diffLines(before, after)).toEqual([
      { kind: 'gap', text: '…' },
      { kind: 'same', text: '3' },
      { kind: 'same', text: '4' },
      { kind: 'add', text: 'new' },
      { kind: 'add', text: 'extra' },
      { kind: 'remove', text: 'old' },
      { kind: 'same', text: '6' },
      { kind: 'same', text: '7' },
      { kind: 'gap', text: '…' },
    ]);
  });

  it('rebuilds either side from its lines', () => {
    const before = 'a\nb\nc\nd\ne';
    const after = 'b\nx\nd\ne\nf';
    const all = diffLines(before, after)!;
    expect(all.some((l) => l.kind === 'gap')).toBe(false);
    const side = (kind: 'add' | 'remove') =>
      all
        .filter((l) => l.kind !== kind)
        .map((l) => l.text)
        .join('\n');
    expect(side('add')).toBe(before);
    expect(side('remove')).toBe(after);
  });

  it('gives up on a middle part too large to compare', () => {
    const big = (p: string) => Array.from({ length: 3000 }, (_, i) => `${p}${i}`).join('\n');
    expect(diffLines(big('a'), big('b'))).toBeUndefined();
  });
});
