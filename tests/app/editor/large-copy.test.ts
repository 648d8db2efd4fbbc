import type * as Monaco from 'monaco-editor/editor/editor.api';
import { describe, expect, it } from 'vitest';
import { selectionText } from '../../../src/app/editor/large-copy';

interface Range {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** As much of Monaco's Range as selectionText makes. */
class FakeRange implements Range {
  constructor(
    public startLineNumber: number,
    public startColumn: number,
    public endLineNumber: number,
    public endColumn: number,
  ) {}
}
const monaco = { Range: FakeRange } as unknown as typeof Monaco;

/** A model over `text` (lines split at \n); counts the reads of its text. */
function fakeModel(text: string) {
  const lines = text.split('\n');
  const offset = (line: number, column: number) => {
    let at = 0;
    for (let n = 1; n < line; n++) at += lines[n - 1]!.length + 1;
    return at + column - 1;
  };
  const whole: Range = {
    startLineNumber: 1,
    startColumn: 1,
    endLineNumber: lines.length,
    endColumn: lines.at(-1)!.length + 1,
  };
  const same = (a: Range, b: Range) =>
    a.startLineNumber === b.startLineNumber &&
    a.startColumn === b.startColumn &&
    a.endLineNumber === b.endLineNumber &&
    a.endColumn === b.endColumn;
  const stats = { reads: 0, version: 1 };
  const model = {
    getVersionId: () => stats.version,
    isDisposed: () => false,
    getFullModelRange: () => ({ ...whole, equalsRange: (r: Range) => same(whole, r) }),
    getValueInRange: (r: Range) => {
      stats.reads++;
      return text.slice(
        offset(r.startLineNumber, r.startColumn),
        offset(r.endLineNumber, r.endColumn),
      );
    },
  };
  return { model: model as unknown as Monaco.editor.ITextModel, whole, stats };
}

const TEXT = Array.from({ length: 10_000 }, (_, i) => `  line ${i}: «ünïcödé» 😀`).join('\n');

describe('copying a large selection', () => {
  it('hands over the text the editor holds as it is: nothing read, nothing encoded', async () => {
    const { model, whole, stats } = fakeModel(TEXT);
    const copied = await selectionText(monaco, model, whole, TEXT);
    expect(copied).toBe(TEXT);
    expect(stats.reads).toBe(0);
  });

  it('reads a selection in slices, exactly, surrogate pairs and all', async () => {
    const { model, whole, stats } = fakeModel(TEXT);
    expect(await selectionText(monaco, model, whole)).toBe(TEXT);
    expect(stats.reads).toBeGreaterThan(1);
    const part = new FakeRange(3, 5, 9_000, 8);
    const lines = TEXT.split('\n');
    const expected = [lines[2]!.slice(4), ...lines.slice(3, 8_999), lines[8_999]!.slice(0, 7)];
    expect(await selectionText(monaco, model, part)).toBe(expected.join('\n'));
  });

  it('gives nothing when the text changes while it is read', async () => {
    const { model, whole, stats } = fakeModel(TEXT);
    const reading = selectionText(monaco, model, whole);
    stats.version++;
    expect(await reading).toBeUndefined();
  });
});
