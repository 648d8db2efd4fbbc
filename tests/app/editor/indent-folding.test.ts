import { describe, expect, it } from 'vitest';
import {
  indentLevel,
  indentRanges,
  MAX_RANGES,
  shallowestRanges,
} from '../../../src/app/editor/indent-folding';

/** Runs the generator to the end; returns the ranges and how many times it paused. */
function run(
  text: string,
  tabSize = 2,
  max = Infinity,
): { ranges: [number, number][]; pauses: number } {
  const lines = text.split('\n');
  const steps = indentRanges((n) => lines[n - 1]!, lines.length, tabSize, max);
  let pauses = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { ranges: step.value.map((r) => [r.start, r.end]), pauses };
    pauses++;
  }
}

function ranges(text: string): [number, number][] {
  return run(text).ranges;
}

describe('indentLevel', () => {
  it('counts spaces, tabs to the next stop, and -1 for blank lines', () => {
    expect(indentLevel('abc', 2)).toBe(0);
    expect(indentLevel('    a', 2)).toBe(4);
    expect(indentLevel(' \ta', 4)).toBe(4);
    expect(indentLevel('   ', 2)).toBe(-1);
    expect(indentLevel('', 2)).toBe(-1);
  });
});

describe('IndentFolder (off-side indentation ranges, as Monaco computes them for YAML)', () => {
  it('folds each key over its indented block', () => {
    const yaml = [
      'openapi: 3.0.1', // 1
      'info:', // 2
      '  title: T', // 3
      '  version: v1', // 4
      'paths:', // 5
      '  /a:', // 6
      '    get:', // 7
      '      summary: s', // 8
      '      responses:', // 9
      "        '200':", // 10
      '          description: ok', // 11
    ].join('\n');
    expect(ranges(yaml)).toEqual([
      [2, 4],
      [5, 11],
      [6, 11],
      [7, 11],
      [9, 11],
      [10, 11],
    ]);
  });

  it('leaves trailing blank lines out of a block and needs two lines to fold', () => {
    const yaml = ['a:', '  b: 1', '  c: 2', '', '', 'd:', '  e: 1', 'f: 2'].join('\n');
    expect(ranges(yaml)).toEqual([
      [1, 3],
      [6, 7],
    ]);
  });

  it('keeps blank lines inside a block', () => {
    const yaml = ['a:', '  b: 1', '', '  c: 2', 'd: 1'].join('\n');
    expect(ranges(yaml)).toEqual([[1, 4]]);
  });

  it('pauses every few hundred lines of a large document', () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      lines.push(
        `k${i}:`,
        `  a: ${i}`,
        '  b:',
        '    - x',
        '    - y',
        i % 7 === 0 ? '' : `  c: ${i}`,
      );
    }
    const { ranges: found, pauses } = run(lines.join('\n'));
    expect(found.length).toBeGreaterThan(3000);
    expect(found[0]).toEqual([1, 5]); // k0's block ends in a blank line
    expect(found).toContainEqual([7, 12]);
    expect(pauses).toBeGreaterThan(30);
  });

  it('answers at most MAX_RANGES of a large document, whole levels, shallowest first', () => {
    // 400 paths (indent 2), each with 2 operations (indent 4) with 3 nested blocks (indent 6).
    const lines = ['paths:'];
    for (let p = 0; p < 400; p++) {
      lines.push(`  /p${p}:`);
      for (const method of ['get', 'put']) {
        lines.push(`    ${method}:`);
        for (const key of ['a', 'b', 'c']) lines.push(`      ${key}:`, `        x: 1`);
      }
    }
    const all = run(lines.join('\n')).ranges;
    expect(all).toHaveLength(1 + 400 + 800 + 2400);
    const limited = run(lines.join('\n'), 2, MAX_RANGES).ranges;
    // Paths and operations (1,201) fit; the 2,400 blocks below them do not.
    expect(limited).toHaveLength(1 + 400 + 800);
    expect(limited[0]).toEqual([1, lines.length]);
    expect(limited[1]).toEqual([2, 2 + 2 * 7]);
  });

  it('cuts the first level when it alone is over the limit', () => {
    const ranges = Array.from({ length: 10 }, (_, i) => ({ start: i * 2 + 1, end: i * 2 + 2 }));
    expect(shallowestRanges(ranges, new Array<number>(10).fill(0), 4)).toEqual(ranges.slice(0, 4));
    expect(shallowestRanges(ranges, new Array<number>(10).fill(0), 20)).toEqual(ranges);
  });
});
