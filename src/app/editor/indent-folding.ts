/**
 * Indentation folding for the output editor, computed in slices.
 *
 * Monaco's built-in `foldingStrategy: 'indentation'` reads every line in one task: about 170 ms for
 * the 2 MB YAML that Generate writes for the Stripe document, and again after every edit. This
 * provider computes the same ranges (Monaco's algorithm for off-side languages such as YAML: blank
 * lines belong to the block above) but yields to the browser every few milliseconds, so folding a
 * large document never holds the main thread. It replaces monaco-yaml's folding provider, which
 * would parse the whole document a second time in its worker for the same answer.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { runInSlices } from '../util/slices';

/** A folding range: 1-based first and last line (the first line stays visible when folded). */
export interface IndentRange {
  start: number;
  end: number;
}

/**
 * Most ranges the provider answers. Folding and sticky scroll both build structures over every
 * range after each change: the Stripe document's 40,000-odd ranges made that an 80 ms task.
 * Above the limit the deepest ranges are dropped, so paths, operations and schemas still fold.
 */
export const MAX_RANGES = 1500;

/**
 * The ranges whose first line is indented least, at most `max` of them: whole indentation
 * levels are kept, shallowest first (the first level is cut at `max` if it alone is over).
 */
export function shallowestRanges(
  ranges: readonly IndentRange[],
  indents: readonly number[],
  max: number = MAX_RANGES,
): IndentRange[] {
  if (ranges.length <= max) return [...ranges];
  const perIndent = new Map<number, number>();
  for (const indent of indents) perIndent.set(indent, (perIndent.get(indent) ?? 0) + 1);
  const levels = [...perIndent.keys()].sort((a, b) => a - b);
  let cutoff = levels[0]!;
  let kept = 0;
  for (const level of levels) {
    const count = perIndent.get(level)!;
    if (kept + count > max) break;
    kept += count;
    cutoff = level;
  }
  const out: IndentRange[] = [];
  for (let i = 0; i < ranges.length && out.length < max; i++) {
    if (indents[i]! <= cutoff) out.push(ranges[i]!);
  }
  return out;
}

/** Lines read between pause points. */
const LINES_PER_STEP = 512;

/** The indentation of a line in columns (tabs to the next tab stop), or -1 for a blank line. */
export function indentLevel(line: string, tabSize: number): number {
  let indent = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charCodeAt(i);
    if (ch === 32) indent++;
    else if (ch === 9) indent = indent - (indent % tabSize) + tabSize;
    else return indent;
  }
  return -1;
}

interface Region {
  indent: number;
  /** The first line below this region's block that does not belong to it. */
  endAbove: number;
}

/**
 * Off-side indentation ranges, top to bottom, computed bottom-up; the generator pauses (yields)
 * every {@link LINES_PER_STEP} lines so it can run in slices.
 */
export function* indentRanges(
  getLine: (lineNumber: number) => string,
  lineCount: number,
  tabSize: number,
  maxRanges: number = MAX_RANGES,
): Generator<void, IndentRange[]> {
  const regions: Region[] = [{ indent: -1, endAbove: lineCount + 1 }];
  const found: IndentRange[] = [];
  /** The indentation of each found range's first line. */
  const indents: number[] = [];
  for (let line = lineCount; line > 0; line--) {
    if (line % LINES_PER_STEP === 0) yield;
    const indent = indentLevel(getLine(line), tabSize);
    let previous = regions[regions.length - 1]!;
    if (indent === -1) {
      previous.endAbove = line;
      continue;
    }
    if (previous.indent > indent) {
      do {
        regions.pop();
        previous = regions[regions.length - 1]!;
      } while (previous.indent > indent);
      const end = previous.endAbove - 1;
      if (end - line >= 1) {
        found.push({ start: line, end });
        indents.push(indent);
      }
    }
    if (previous.indent === indent) previous.endAbove = line;
    else regions.push({ indent, endAbove: line });
  }
  found.reverse();
  indents.reverse();
  return shallowestRanges(found, indents, maxRanges);
}

/** The ranges of a model, computed in slices; [] when the model changed meanwhile. */
export async function computeIndentRanges(model: Monaco.editor.ITextModel): Promise<IndentRange[]> {
  const version = model.getVersionId();
  const ranges = await runInSlices(
    indentRanges(
      (line) => model.getLineContent(line),
      model.getLineCount(),
      model.getOptions().tabSize,
    ),
    () => model.isDisposed() || model.getVersionId() !== version,
  );
  return ranges ?? [];
}

/**
 * Registers the sliced indentation provider for `languageId`. The editor must use
 * `foldingStrategy: 'auto'` for providers to be asked. A text longer than `maxChars` gets no
 * ranges (the editor's per-text services are off for it).
 */
export function registerIndentFolding(
  monaco: typeof Monaco,
  languageId: string,
  maxChars = Infinity,
): Monaco.IDisposable {
  return monaco.languages.registerFoldingRangeProvider(languageId, {
    provideFoldingRanges: async (model, _context, token) => {
      if (model.getValueLength() > maxChars) return [];
      const ranges = await sharedIndentRanges(model);
      return token.isCancellationRequested ? [] : ranges;
    },
  });
}

/** The ranges being computed or computed last, per model and version. */
const computed = new WeakMap<
  Monaco.editor.ITextModel,
  { version: number; ranges: Promise<IndentRange[]> }
>();

/**
 * The ranges of a model at its current version, computed once: folding and sticky scroll both
 * ask after every change, and reading 80,000 lines twice doubled the work.
 */
export function sharedIndentRanges(model: Monaco.editor.ITextModel): Promise<IndentRange[]> {
  const version = model.getVersionId();
  const known = computed.get(model);
  if (known?.version === version) return known.ranges;
  const ranges = computeIndentRanges(model);
  computed.set(model, { version, ranges });
  return ranges;
}

/**
 * Runs `configure` (monaco-yaml's setup) with folding-provider registrations for `languageId`
 * turned away, so only {@link registerIndentFolding} answers for that language.
 */
export function withoutFoldingProviders<T>(
  monaco: typeof Monaco,
  languageId: string,
  configure: () => T,
): T {
  const original = monaco.languages.registerFoldingRangeProvider;
  monaco.languages.registerFoldingRangeProvider = (selector, provider) =>
    selector === languageId ? { dispose() {} } : original(selector, provider);
  try {
    return configure();
  } finally {
    monaco.languages.registerFoldingRangeProvider = original;
  }
}
