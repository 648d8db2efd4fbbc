/**
 * A large text goes into the output model while no editor shows it. With the view attached,
 * every slice of a paste or a restore made Monaco copy its per-line arrays of the whole view
 * (line projections, prefix sums: `concat` of every line so far), so the cost of a slice grew
 * with the text already in: a 13 MB paste in 200 slices was 6 s of main-thread time in tasks of
 * 50–80 ms. Without a view, a slice costs what its own text costs; the view of the whole text
 * is made once, when the model is shown again.
 *
 * Meanwhile the editor shows no model: {@link modelOf} answers the model being filled, so code
 * that reads "the editor's model" keeps reading it, and its change events (the model's own) go
 * on as before.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { monaco } from './monaco-env';
import { yieldToBrowser } from '../util/slices';

type CodeEditor = Monaco.editor.ICodeEditor;
type TextModel = Monaco.editor.ITextModel;

/** A text of more characters than this goes in with the view detached. */
export const DETACH_CHARS = 1024 * 1024;

/**
 * Monaco's own rule for a model made with a large text (TextModel's LARGE_FILE_SIZE_THRESHOLD
 * and LARGE_FILE_LINE_COUNT_THRESHOLD): above either, it does not colour it. A model filled in
 * slices is never "made with" its text, so the rule is applied here.
 */
export const NO_COLOUR_CHARS = 20 * 1024 * 1024;
export const NO_COLOUR_LINES = 300_000;

/**
 * Above this many lines, a text put in place with the view detached is shown again the way
 * Monaco shows a model made with a large text: each line of the model is a line of the view
 * (Monaco's `ViewModelLinesFromModelAsIs`), so showing it costs nothing per line, and there is
 * no folding (folded lines are lines of the view that are not lines of the model). Monaco's own
 * view of every line was one task of 0.3–0.6 s for GitHub's description (260–350 k lines)
 * and about 0.2 s for Stripe's (112 k): an array of each line's text, each line's injected text
 * looked up, a projection per line and their prefix sums.
 */
export const AS_IS_LINES = 100_000;

/** Whether Monaco would colour `model`'s text had the model been made with it. */
export function coloursText(model: TextModel): boolean {
  return model.getValueLength() <= NO_COLOUR_CHARS && model.getLineCount() <= NO_COLOUR_LINES;
}

interface Held {
  model: TextModel;
  /** Detached insertions under way (a new one may start before a cancelled one ends). */
  count: number;
  view: Monaco.editor.ICodeEditorViewState | null;
  focused: boolean;
  /** The model's language, given back when it is shown again. */
  language: string;
}

const held = new WeakMap<CodeEditor, Held>();
/** Editors whose view shows their model's lines as they are (see {@link AS_IS_LINES}). */
const asIsViews = new WeakSet<CodeEditor>();

/** The one field of Monaco's TextModel read here (0.57: decided in its constructor). */
interface TooLargeFlag {
  _isTooLargeForTokenization?: unknown;
}

/**
 * Shows `model` in `editor`, with a view of its lines as they are above {@link AS_IS_LINES}.
 * Monaco chooses that view when the model says it is too large for tokenization, which it
 * decides once, when it is made: the model says so while the editor takes it, and no longer
 * after, so it is still coloured below Monaco's own limits ({@link coloursText}). The
 * editor's folding, which such a view cannot show, is off meanwhile.
 */
function show(editor: CodeEditor, model: TextModel): void {
  const flag = model as unknown as TooLargeFlag;
  const asIs =
    model.getLineCount() > AS_IS_LINES && typeof flag._isTooLargeForTokenization === 'boolean';
  if (asIs !== asIsViews.has(editor)) {
    if (asIs) asIsViews.add(editor);
    else asIsViews.delete(editor);
    editor.updateOptions({ folding: !asIs });
  }
  if (!asIs) {
    editor.setModel(model);
    return;
  }
  const before = flag._isTooLargeForTokenization;
  flag._isTooLargeForTokenization = true;
  try {
    editor.setModel(model);
  } finally {
    flag._isTooLargeForTokenization = before;
  }
}

/** Whether `editor` shows its model's lines as they are (no folding; {@link AS_IS_LINES}). */
export function showsAsIs(editor: CodeEditor): boolean {
  return asIsViews.has(editor);
}

/** Whether `editor` shows `model`'s lines as they are while it is no longer that large. */
export function outgrownAsIs(editor: CodeEditor, model: TextModel): boolean {
  return asIsViews.has(editor) && model.getLineCount() <= AS_IS_LINES;
}

/**
 * After a change of the text: an editor showing its lines as they are whose text is no longer
 * above {@link AS_IS_LINES} is shown again with Monaco's usual view (folding back), in this
 * task (the text is small then). Not inside the model's change event.
 */
export function refreshView(editor: CodeEditor): void {
  const model = editor.getModel();
  if (!model || !outgrownAsIs(editor, model)) return;
  const view = editor.saveViewState();
  const focused = editor.hasTextFocus() || editor.hasWidgetFocus();
  editor.setModel(null);
  show(editor, model);
  if (view) editor.restoreViewState(view);
  // Typing goes on where it was (the model's change that made the text small was a keystroke).
  if (focused) editor.focus();
}
const disposed = new WeakSet<CodeEditor>();
const watched = new WeakSet<CodeEditor>();

/** The model the editor shows, or the one going into it with the view detached. */
export function modelOf(editor: CodeEditor | null | undefined): TextModel | null {
  if (!editor) return null;
  return editor.getModel() ?? held.get(editor)?.model ?? null;
}

/** Whether a text goes into the editor's model with its view detached now. */
export function isDetached(editor: CodeEditor | null | undefined): boolean {
  return editor !== null && editor !== undefined && held.has(editor);
}

/**
 * Runs `work` (which fills `model`) with the editor's view detached from it, then shows the
 * model again in a task of its own, with the view state it had (scroll, selections) and the
 * focus. `onBusy` hears when the editor shows nothing and when it shows the model again;
 * `languageAfter` says the model's language for the text it holds then (else the one it had).
 */
export async function withViewDetached<T>(
  editor: CodeEditor,
  model: TextModel,
  work: () => Promise<T>,
  onBusy?: (busy: boolean) => void,
  languageAfter?: (model: TextModel) => string,
): Promise<T> {
  let entry = held.get(editor);
  if (entry === undefined) {
    if (editor.getModel() !== model) return work();
    if (!watched.has(editor)) {
      watched.add(editor);
      editor.onDidDispose(() => disposed.add(editor));
    }
    entry = {
      model,
      count: 0,
      view: editor.saveViewState(),
      focused: editor.hasTextFocus() || editor.hasWidgetFocus(),
      language: model.getLanguageId(),
    };
    held.set(editor, entry);
    onBusy?.(true);
    editor.setModel(null);
    // Plain text meanwhile: the tokens' per-line stores, once they reach the end of the text,
    // copy themselves whole at every slice too. They start again from the top when shown.
    monaco.editor.setModelLanguage(model, 'plaintext');
  } else if (entry.model !== model) {
    return work();
  }
  entry.count++;
  try {
    return await work();
  } finally {
    entry.count--;
    if (entry.count === 0) {
      // Making the view of the whole text is one task: not the last slice's.
      await yieldToBrowser();
      if (entry.count === 0 && held.get(editor) === entry) {
        held.delete(editor);
        if (!model.isDisposed()) {
          monaco.editor.setModelLanguage(model, languageAfter?.(model) ?? entry.language);
        }
        if (!disposed.has(editor) && !model.isDisposed() && editor.getModel() === null) {
          show(editor, model);
          if (entry.view) editor.restoreViewState(entry.view);
          if (entry.focused) editor.focus();
        }
        onBusy?.(false);
      }
    }
  }
}
