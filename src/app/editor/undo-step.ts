/**
 * Closing the undo step of a large paste without Monaco's serialising of it. Monaco closes an
 * undo step by writing its text changes into one byte buffer, a character at a time (a memory
 * saving): for a paste of GitHub's 13 MB description one task of 80–130 ms of CPU after the
 * paste. Here the step is closed as Monaco would close it (nothing more is appended to it) but
 * its changes are kept as they are: strings, no larger than the buffer. Undo and redo serialise
 * it then, as they do for any step, in the task the user's own Ctrl+Z starts.
 *
 * This reaches into Monaco 0.57's undo stack element (`close`, `open`, `canAppend`); where the
 * model's last element is not such an element, the model's own `pushStackElement` closes it.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';

interface EditStackElement {
  close(): void;
  open(): void;
  canAppend(model: unknown): boolean;
}

interface UndoRedoService {
  getLastElement(resource: Monaco.Uri): unknown;
}

function isEditStackElement(element: unknown): element is EditStackElement {
  if (typeof element !== 'object' || element === null) return false;
  const e = element as Partial<EditStackElement>;
  return (
    typeof e.close === 'function' &&
    typeof e.open === 'function' &&
    typeof e.canAppend === 'function'
  );
}

/**
 * Closes the model's open undo step, keeping its changes unserialised when `undoRedo` (Monaco's
 * undo-redo service) lets it reach the step; else as `model.pushStackElement()` does.
 */
export function closeUndoStep(model: Monaco.editor.ITextModel, undoRedo: unknown): void {
  const service = undoRedo as Partial<UndoRedoService> | undefined;
  const element =
    typeof service?.getLastElement === 'function' ? service.getLastElement(model.uri) : undefined;
  if (!isEditStackElement(element) || !element.canAppend(model)) {
    model.pushStackElement();
    return;
  }
  const canAppend = element.canAppend.bind(element);
  const open = element.open.bind(element);
  // Closed: later edits start a step of their own, as after Monaco's close.
  let closed = true;
  element.canAppend = (target) => !closed && canAppend(target);
  element.close = () => {
    closed = true;
  };
  // Opened again (Monaco's popStackElement): edits join it again, as they would.
  element.open = () => {
    closed = false;
    open();
  };
}
