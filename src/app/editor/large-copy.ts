/**
 * Copying a large selection out of the output editor without a long main-thread task (issue
 * 28.4, copy). Monaco's own copy reads the whole selection into one string (a join of every
 * piece of the text) and hands it to the copy event, which writes it to the clipboard in the same
 * task: 43–140 ms for GitHub's 13 MB description. Here the selection is read in slices (nothing
 * is read when the editor holds the whole text already), and the clipboard is written with a
 * ClipboardItem whose text is a promise of that string. Not a Blob: Chromium decodes a Blob's
 * UTF-8 back into a string on the main thread before writing it (one task of 150–300 ms for
 * 13 MB), where a string goes to the clipboard as it is. Nor the copy event's own data, even
 * when the whole text is at hand: `setData` of 13 MB and its write made one task of 285–410 ms,
 * where the item's write is two native tasks of 120–340 ms each.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { yieldToBrowser } from '../util/slices';

/** A selection longer than this many characters is copied in slices. */
export const LARGE_COPY_CHARS = 256 * 1024;

/** Lines read per slice of a selection (about 40 characters a line in a description). */
const LINES_PER_SLICE = 4000;

const TEXT_TYPE = 'text/plain';

/**
 * The text of `range`, read in slices of lines, one task each, or undefined when the model
 * changed meanwhile (what is copied is the selection as it was at the copy). `known` is the
 * model's whole text when the caller holds it (nothing is read out of the model then).
 */
export async function selectionText(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  range: Monaco.IRange,
  known?: string,
): Promise<string | undefined> {
  const version = model.getVersionId();
  if (known !== undefined && model.getFullModelRange().equalsRange(range)) return known;
  const parts: string[] = [];
  let from = { lineNumber: range.startLineNumber, column: range.startColumn };
  while (from.lineNumber < range.endLineNumber || from.column < range.endColumn) {
    const line = Math.min(range.endLineNumber, from.lineNumber + LINES_PER_SLICE);
    const to =
      line === range.endLineNumber
        ? { lineNumber: line, column: range.endColumn }
        : { lineNumber: line, column: 1 };
    parts.push(
      model.getValueInRange(
        new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
      ),
    );
    from = to;
    await yieldToBrowser();
    if (model.isDisposed() || model.getVersionId() !== version) return undefined;
  }
  // One flat string (a join of a few hundred slices, not of a piece per line).
  return parts.join('');
}

/** Whether this browser can write a ClipboardItem to the clipboard. */
function canWriteItems(): boolean {
  return (
    typeof ClipboardItem !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.clipboard?.write === 'function'
  );
}

/**
 * Handles a copy event of `editor` (capture phase, before Monaco's): a single selection longer
 * than {@link LARGE_COPY_CHARS} is written to the clipboard as a text read in slices, and the
 * event is stopped; anything else is left to Monaco. When the asynchronous write fails (the
 * browser refused it), `fallback` runs, which should let Monaco copy the usual way.
 * Returns whether the event was taken.
 */
export function copyLargeSelection(
  monaco: typeof Monaco,
  editor: Monaco.editor.ICodeEditor,
  event: ClipboardEvent,
  known: (model: Monaco.editor.ITextModel) => string | undefined,
  fallback: () => void,
): boolean {
  const model = editor.getModel();
  const selections = editor.getSelections() ?? [];
  const selection = selections.length === 1 ? selections[0] : undefined;
  if (!model || selection === undefined || selection.isEmpty() || !canWriteItems()) return false;
  if (model.getValueLengthInRange(selection) <= LARGE_COPY_CHARS) return false;
  event.preventDefault();
  event.stopPropagation();
  const text = selectionText(monaco, model, selection, known(model)).then((read) => {
    if (read === undefined) throw new Error('The text changed while it was being copied.');
    return read;
  });
  // While the text is being written, the editor's element says so (data-copying), for tests
  // and benchmarks that read the clipboard after a copy.
  const element = editor.getContainerDomNode();
  element.dataset.copying = 'true';
  // The item is made in the event's task (the user's activation), its text when it is ready.
  navigator.clipboard
    .write([new ClipboardItem({ [TEXT_TYPE]: text })])
    .catch((error: unknown) => {
      console.warn('Copying in slices failed; copying at once.', error);
      fallback();
    })
    .finally(() => delete element.dataset.copying);
  return true;
}
