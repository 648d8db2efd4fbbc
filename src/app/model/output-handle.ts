/**
 * What the output editor (generator/OutputEditor.tsx) offers the rest of the page: the model
 * (the editor object, the workspace) drives Monaco through this handle without importing the page.
 */
import type { OperationRange } from '../../shared/openapi/document/locate';
import type { OperationWhere } from './document-store';
import type { DocumentTextRef } from '../core/generator-client';

export interface OutputEditorHandle {
  /** The text, read in one task (a 4 MB document: about 100 ms); prefer {@link readValue}. */
  getValue(): string;
  /** The text, read over tasks of a few milliseconds ('' when the editor is gone meanwhile). */
  readValue(): Promise<string>;
  setValue(text: string): void;
  /**
   * Replaces the current selection (or inserts at the caret) with the YAML `text`, shaped for the
   * caret's line by `indentYamlForInsertion`, as one undo step.
   */
  replaceSelection(text: string): void;
  /**
   * "Open as JSON": the whole text becomes `text`, exactly as given (no YAML
   * shaping), as one undo step; a large text goes in in slices, as a large paste. The caret ends
   * at the top.
   */
  openText(text: string): void;
  /**
   * Replaces the text in slices of about 128 KiB, one task each, without an
   * undo step (a saved project being opened): no task grows with the size of the document.
   */
  setValueInSlices(text: string): Promise<void>;
  /**
   * Shows a newly generated document: only the part that differs from the editor's text is
   * replaced, as one undoable edit (a re-rendered document changes where the form changed it);
   * a text that differs in more than a few hundred kilobytes is replaced as by `setValue` or,
   * when large, `setValueInSlices`. Then the first changed line is shown near the top and the
   * changed lines are highlighted briefly; an unchanged text keeps the view as it was.
   * `source`: `text` is the open document's own text, which it names (the operation ranges
   * of what is shown are then looked up in the worker's copy, with no text sent).
   */
  showGenerated(text: string, source?: DocumentTextRef): Promise<void>;
  focus(): void;
  /** Shows the text from its first line, the caret there (after Load). */
  showStart(): void;
  /** Scrolls lines `start`–`end` (1-based) into view and highlights them until the next edit. */
  revealLines(start: number, end: number): void;
  /** Where an operation sits in the current text, if it is there. */
  findOperation(
    path: string,
    method: string,
    where?: OperationWhere,
  ): Promise<OperationRange | undefined>;
}
