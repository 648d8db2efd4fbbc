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

/** A folding range: 1-based first and last line (the first line stays visible when folded). */
export interface IndentRange {
  start: number;
  end: number;
}

/** Lines read between checks of the clock. */
const LINES_PER_CHECK = 512;
/** Main-thread time one slice may take before yielding. */
const SLICE_MS = 8;

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
 * Computes off-side indentation ranges bottom-up, a slice at a time: `step` processes lines until
 * `shouldYield` says stop, and returns whether lines remain.
 */
export class IndentFolder {
  private readonly regions: Region[];
  private readonly found: IndentRange[] = [];
  private line: number;

  constructor(
    private readonly getLine: (lineNumber: number) => string,
    lineCount: number,
    private readonly tabSize: number,
  ) {
    this.line = lineCount;
    this.regions = [{ indent: -1, endAbove: lineCount + 1 }];
  }

  step(shouldYield: () => boolean = () => false): boolean {
    const { regions, found, tabSize } = this;
    while (this.line > 0) {
      for (let n = 0; n < LINES_PER_CHECK && this.line > 0; n++, this.line--) {
        const line = this.line;
        const indent = indentLevel(this.getLine(line), tabSize);
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
          if (end - line >= 1) found.push({ start: line, end });
        }
        if (previous.indent === indent) previous.endAbove = line;
        else regions.push({ indent, endAbove: line });
      }
      if (this.line > 0 && shouldYield()) return true;
    }
    return false;
  }

  /** The ranges found, top to bottom. */
  ranges(): IndentRange[] {
    return [...this.found].reverse();
  }
}

/** Lets the browser paint and handle input before the next slice. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** The ranges of a model, computed in slices; [] when the model changed or the request was cancelled. */
export async function computeIndentRanges(
  model: Monaco.editor.ITextModel,
  isCancelled: () => boolean = () => false,
): Promise<IndentRange[]> {
  const version = model.getVersionId();
  const folder = new IndentFolder(
    (line) => model.getLineContent(line),
    model.getLineCount(),
    model.getOptions().tabSize,
  );
  let sliceStart = performance.now();
  while (folder.step(() => performance.now() - sliceStart > SLICE_MS)) {
    await yieldToBrowser();
    if (isCancelled() || model.isDisposed() || model.getVersionId() !== version) return [];
    sliceStart = performance.now();
  }
  return folder.ranges();
}

/**
 * Registers the sliced indentation provider for `languageId`. The editor must use
 * `foldingStrategy: 'auto'` for providers to be asked.
 */
export function registerIndentFolding(
  monaco: typeof Monaco,
  languageId: string,
): Monaco.IDisposable {
  return monaco.languages.registerFoldingRangeProvider(languageId, {
    provideFoldingRanges: (model, _context, token) =>
      computeIndentRanges(model, () => token.isCancellationRequested),
  });
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
