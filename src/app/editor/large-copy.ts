/**
 * Copying a large selection out of the output editor without a long main-thread task (issue
 * 28.4, copy). Monaco's own copy reads the whole selection into one string (a join of every
 * piece of the text) and hands it to the copy event, which writes it to the clipboard in the same
 * task: 43–140 ms for GitHub's 13 MB description. Here the selection is read in slices, each
 * slice encoded into a Blob of its own, and the clipboard is written with a ClipboardItem whose
 * text is that Blob (the browser reads and writes it off the main thread).
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { yieldToBrowser } from '../util/slices';

/** A selection longer than this many characters is copied in slices. */
export const LARGE_COPY_CHARS = 256 * 1024;

/** Lines read per slice of a selection (about 40 characters a line in a description). */
const LINES_PER_SLICE = 4000;

/** Characters encoded per slice of a known text. */
const CHARS_PER_SLICE = 256 * 1024;

const TEXT_TYPE = 'text/plain';

/**
 * The text of `range` as a Blob made in slices, one task each, or undefined when the model
 * changed meanwhile (what is copied is the selection as it was at the copy). `known` is the
 * model's whole text when the caller holds it (nothing is read out of the model then).
 */
export async function selectionBlob(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  range: Monaco.IRange,
  known?: string,
): Promise<Blob | undefined> {
  const version = model.getVersionId();
  const parts: Blob[] = [];
  const whole = model.getFullModelRange().equalsRange(range);
  if (known !== undefined && whole) {
    for (let offset = 0; offset < known.length;) {
      // A slice never ends inside a surrogate pair (each half would be encoded as U+FFFD).
      let end = Math.min(known.length, offset + CHARS_PER_SLICE);
      const last = known.charCodeAt(end - 1);
      if (end < known.length && last >= 0xd800 && last <= 0xdbff) end++;
      parts.push(new Blob([known.slice(offset, end)]));
      offset = end;
      await yieldToBrowser();
      if (model.isDisposed() || model.getVersionId() !== version) return undefined;
    }
    return new Blob(parts, { type: TEXT_TYPE });
  }
  let from = { lineNumber: range.startLineNumber, column: range.startColumn };
  while (from.lineNumber < range.endLineNumber || from.column < range.endColumn) {
    const line = Math.min(range.endLineNumber, from.lineNumber + LINES_PER_SLICE);
    const to =
      line === range.endLineNumber
        ? { lineNumber: line, column: range.endColumn }
        : { lineNumber: line, column: 1 };
    parts.push(
      new Blob([
        model.getValueInRange(
          new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
        ),
      ]),
    );
    from = to;
    await yieldToBrowser();
    if (model.isDisposed() || model.getVersionId() !== version) return undefined;
  }
  return new Blob(parts, { type: TEXT_TYPE });
}

/** Whether this browser can write a Blob-backed text to the clipboard. */
function canWriteBlobs(): boolean {
  return (
    typeof ClipboardItem !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.clipboard?.write === 'function'
  );
}

/**
 * Handles a copy event of `editor` (capture phase, before Monaco's): a single selection longer
 * than {@link LARGE_COPY_CHARS} is written to the clipboard as a Blob made in slices, and the
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
  if (!model || selection === undefined || selection.isEmpty() || !canWriteBlobs()) return false;
  if (model.getValueLengthInRange(selection) <= LARGE_COPY_CHARS) return false;
  event.preventDefault();
  event.stopPropagation();
  const blob = selectionBlob(monaco, model, selection, known(model)).then((made) => {
    if (made === undefined) throw new Error('The text changed while it was being copied.');
    return made;
  });
  // While the text is being written, the editor's element says so (data-copying), for tests
  // and benchmarks that read the clipboard after a copy.
  const element = editor.getContainerDomNode();
  element.dataset.copying = 'true';
  // The item is made in the event's task (the user's activation), its text when it is ready.
  navigator.clipboard
    .write([new ClipboardItem({ [TEXT_TYPE]: blob })])
    .catch((error: unknown) => {
      console.warn('Copying in slices failed; copying at once.', error);
      fallback();
    })
    .finally(() => delete element.dataset.copying);
  return true;
}
