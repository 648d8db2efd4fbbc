/**
 * The output editor (spec §2): Monaco with YAML highlighting and monaco-yaml diagnostics against the
 * OpenAPI 3.0 schema, full width and height, editable, placeholder 'OpenAPI will be here'. Loaded
 * lazily so Monaco's chunk stays off the rest of the app. Pastes that may be JSON are held back in
 * the capture phase (before Monaco sees them) and handed to `onPaste`; other large pastes are
 * inserted in slices there (Monaco's own paste is one task that grows with the text).
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useLingui } from '@lingui/react/macro';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { setupMonaco, monaco, undoRedoService } from '../editor/monaco-env';
import { closeUndoStep } from '../editor/undo-step';
import {
  AS_IS_LINES,
  DETACH_CHARS,
  coloursText,
  isDetached,
  modelOf,
  outgrownAsIs,
  refreshView,
  showsAsIs,
  withViewDetached,
} from '../editor/detached-view';
import { isBlankModel } from '../editor/monaco-yaml';
import { OPENAPI_MODEL_URI } from '../editor/openapi-schema';
import { indentYamlForInsertion } from '../../shared/openapi/yaml-insertion';
import { runInSlices, runToEnd, textSliceEnd, yieldToBrowser } from '../util/slices';
import { changedRange } from '../editor/changed-range';
import { copyLargeSelection } from '../editor/large-copy';
import { MAX_RANGES } from '../editor/indent-folding';
import { describeDiagnostic } from './plain-messages';
import { FIELD_MESSAGES } from './issue-messages';
import type { MessageDescriptor } from '@lingui/core';
import type { LintFinding } from '../../shared/openapi/lint/types';
import type { LintView } from './useLint';
import { EditorLint, type EditorLintState } from './editor-lint';
import { CORE_ERROR_MESSAGES } from '../core/core-errors';
import EditorLintNote from './EditorLintNote';
import YamlChecksNote from './YamlChecksNote';
import { mayBeJsonPaste, type PasteTarget } from './json-paste';
import { OperationLocator, type OperationRange } from './document/locator';
import type { DocumentTextRef } from '../core/generator-client';
import type { OperationWhere } from '../model/document-store';
import type { OutputEditorHandle } from '../model/output-handle';
import { findOperation, operationInRanges } from '../../shared/openapi/document/locate';

setupMonaco();

/** Above this many characters (old + new), Generate replaces the text without an undo step. */
const LARGE_TEXT = 500_000;

/**
 * Above this many lines the active indent guide is not highlighted. Monaco finds the block
 * around the caret at every render that follows a caret move or an edit, line by line up to
 * 50,000 lines each way, also when the caret is off screen: after Ctrl+A on GitHub's
 * description (347,000 lines, the caret on the last line) and in each frame of a large paste,
 * that search was about half of a 40–50 ms frame. Below this, it costs a few milliseconds.
 */
const LONG_TEXT_LINES = 20_000;

/** Characters appended per task by `setValueInSlices`. */
const SLICE_CHARS = 128 * 1024;

/** Largest change `showGenerated` makes as one edit; a larger one replaces the text. */
const SMALL_CHANGE = 256 * 1024;

/**
 * A paste (or a converted JSON paste) longer than this many characters is inserted in slices of
 * as many, one task each, as one undo step: Monaco's own paste of a 4 MB document was one
 * 250–350 ms task, of a 0.25 MB one 60 ms.
 */
const LARGE_PASTE_CHARS = 64 * 1024;

/**
 * Replaces `range` with `text` in slices, one task each, as one undo step; the caret ends after
 * the text, as after a paste. Each slice goes where the previous one ended (its inverse edit
 * says where that is, line endings normalised included). Stops when `cancelled` turns true.
 */
async function insertInSlices(
  editor: monaco.editor.IStandaloneCodeEditor,
  range: monaco.IRange,
  text: string,
  cancelled: () => boolean,
  caretAt: 'end' | 'start' = 'end',
  onBusy?: (busy: boolean) => void,
): Promise<void> {
  const model = modelOf(editor);
  if (!model) return;
  // The text replaces the whole model (a whole document pasted, a text restored or generated):
  // once it is in, the model's text is `text` itself, unless line endings were normalised or
  // something else edited the model meanwhile (its version then is not the last slice's).
  const whole = model.getFullModelRange().equalsRange(range) && !text.includes('\r');
  // The model's own undo stops: the editor's pushUndoStop does nothing while it is read-only.
  model.pushStackElement();
  // The first slice in a task of its own too: the paste event (reading the clipboard) or the
  // JSON dialog's Convert click (closing the dialog) already fill theirs.
  await yieldToBrowser();
  if (model.isDisposed() || cancelled()) return;
  const fill = async (): Promise<monaco.IRange | undefined> => {
    let target: monaco.IRange = range;
    let version: number | undefined = model.getVersionId();
    for (let offset = 0; offset < text.length;) {
      const end = textSliceEnd(text, offset, LARGE_PASTE_CHARS);
      if (model.getVersionId() !== version) version = undefined;
      let inserted: monaco.IRange | undefined;
      model.pushEditOperations(
        [],
        [{ range: target, text: text.slice(offset, end) }],
        (inverse) => {
          inserted = inverse[0]?.range;
          return null;
        },
      );
      if (inserted === undefined) break;
      if (version !== undefined) version = model.getVersionId();
      target = monaco.Range.fromPositions(monaco.Range.getEndPosition(inserted));
      offset = end;
      if (offset < text.length) {
        await yieldToBrowser();
        if (model.isDisposed() || cancelled()) return undefined;
      }
    }
    await yieldToBrowser();
    if (model.isDisposed()) return undefined;
    // Monaco's own close would copy the whole paste into one buffer (a task of 80–130 ms).
    closeUndoStep(model, undoRedoService());
    // Reading the text back (the workspace's record, the operation ranges) then costs nothing: a
    // join of 13 MB and its garbage were a task of 100–340 ms after a paste.
    if (whole && version !== undefined && model.getVersionId() === version) {
      lastRead.set(model, { version, text });
    }
    return target;
  };
  const target =
    text.length > DETACH_CHARS
      ? await withViewDetached(editor, model, fill, onBusy, outputLanguage)
      : await fill();
  if (target === undefined || model.isDisposed()) return;
  const caret =
    caretAt === 'start'
      ? monaco.Range.getStartPosition(range)
      : monaco.Range.getEndPosition(target);
  editor.setPosition(caret);
  editor.revealPosition(caret, monaco.editor.ScrollType.Immediate);
}

/**
 * The output model's language for the text it holds: YAML (JSON is YAML too), or plain text
 * where Monaco would not colour a model made with such a text (over 300,000 lines or 20 MB:
 * GitHub's description as JSON). Colouring all of it kept the main thread busy for seconds
 * after a Load; the hovers and completion of monaco-yaml go with it.
 */
function outputLanguage(model: monaco.editor.ITextModel): string {
  return coloursText(model) ? 'yaml' : 'plaintext';
}

/**
 * Whether the model holds a JSON document: its first non-blank character is `{` (found without
 * reading the text). JSON is YAML too, so the same editor, highlighting and schema diagnostics
 * serve it (docs/decisions.md, session 11).
 */
function holdsJson(model: monaco.editor.ITextModel): boolean {
  const found = model.findNextMatch('\\S', { lineNumber: 1, column: 1 }, true, false, null, false);
  if (found === null) return false;
  return model.getValueInRange(found.range) === '{';
}

/**
 * The model's text as a flat string: its pieces joined once. getValue() answers a rope of about
 * one piece per line, whose flattening (postMessage, JSON.stringify) costs hundreds of
 * milliseconds in one task for a 10 MB document.
 */
function flatValue(model: monaco.editor.ITextModel | null | undefined): string {
  return model ? runToEnd(readValue(model)) : '';
}

/**
 * The text last read of each model, with the version it was read at: reading again an
 * unchanged model (leaving the page, a tab switched away from, after a save read it) costs
 * nothing instead of a join of megabytes.
 */
const lastRead = new WeakMap<monaco.editor.ITextModel, { version: number; text: string }>();

/**
 * The model version that shows the open document's own text (what Generate answered), with the
 * name of that text: the operation ranges of that version are the worker's to look up in its
 * own text, so that no text is read out of the editor and sent (13 MB after Ctrl+A).
 */
const shownDocument = new WeakMap<
  monaco.editor.ITextModel,
  { version: number; ref: DocumentTextRef }
>();

/** The model's text, pausing (yielding) after each chunk of its snapshot. */
function* readValue(model: monaco.editor.ITextModel): Generator<void, string> {
  const version = model.getVersionId();
  const known = lastRead.get(model);
  if (known?.version === version) return known.text;
  const snapshot = model.createSnapshot(true);
  const parts: string[] = [];
  for (let chunk = snapshot.read(); chunk !== null; chunk = snapshot.read()) {
    parts.push(chunk);
    yield;
  }
  const text = parts.join('');
  // The snapshot is the text of `version`, whatever happened to the model meanwhile.
  lastRead.set(model, { version, text });
  return text;
}

/**
 * {@link flatValue} read over several tasks of a few milliseconds (a snapshot stays as it was
 * taken); undefined when the model is disposed meanwhile.
 */
function valueInSlices(model: monaco.editor.ITextModel): Promise<string | undefined> {
  return runInSlices(readValue(model), () => model.isDisposed());
}

/**
 * The operation ranges of the model's text as it is now. When the model shows the open
 * document's own text, the worker looks them up in its copy; else, a large text is read in
 * slices first: `getValue()` answers a rope that posting to the worker flattens in one task
 * (120 ms for Stripe, after Ctrl+A moved the cursor).
 */
function rangesOf(
  locator: OperationLocator,
  model: monaco.editor.ITextModel,
): Promise<OperationRange[]> {
  const version = model.getVersionId();
  const cached = locator.rangesNow(version);
  if (cached !== undefined) return Promise.resolve(cached);
  const shown = shownDocument.get(model);
  // The text of `version`: read at once while the model is at it, or nothing when it changed
  // meanwhile (that version's ranges are of no use then).
  const readText = (): string | Promise<string | undefined> | undefined => {
    if (model.isDisposed() || model.getVersionId() !== version) return undefined;
    return model.getValueLength() <= LARGE_TEXT ? flatValue(model) : valueInSlices(model);
  };
  return locator.ranges(version, readText, shown?.version === version ? shown.ref : undefined);
}

/**
 * A detached fill starts or ends: the editor shows nothing meanwhile, then its view again, with
 * or without folding (the note under the editor says which).
 */
function fillBusy(
  busy: boolean,
  editor: monaco.editor.ICodeEditor | null,
  setFilling: (filling: boolean) => void,
  setFoldingOffLines: (lines: number) => void,
): void {
  setFilling(busy);
  if (busy) return;
  const model = modelOf(editor);
  setFoldingOffLines(editor && model && showsAsIs(editor) ? model.getLineCount() : 0);
}

/** How long the lines a Generate changed stay highlighted (the highlight fades meanwhile). */
const CHANGED_HIGHLIGHT_MS = 2600;
/** At most this many changed lines are highlighted (a new document is not one yellow block). */
const CHANGED_LINES_MAX = 200;

/** Editor change debounce (spec §9). */
export const EDITOR_DEBOUNCE_MS = 200;

/** Cursor moves settle this long before the operation under the cursor is looked up. */
const CURSOR_DEBOUNCE_MS = 150;

export interface OutputEditorProps {
  /** Whether the editor holds any non-blank text; reported 200 ms after the last change. */
  onHasTextChange: (hasText: boolean) => void;
  /**
   * A paste that may be JSON; call `pasteAsIs` to let it through unchanged. `target` says
   * whether it goes into a JSON document.
   */
  onPaste: (text: string, pasteAsIs: (text: string) => void, target?: PasteTarget) => void;
  onReady?: () => void;
  /** Every change of the text (nothing is read: the listener reads what it needs). */
  onChange?: () => void;
  /** The user moved the cursor into another operation (expand and show its panel). */
  onCursorOperation?: (path: string, method: string) => void;
  /**
   * The saved work is still being restored: the editor takes no typing or paste meanwhile, since
   * the restored text replaces what it holds once it comes (nothing typed is overwritten).
   */
  locked?: boolean;
  /**
   * The one lint: the document's findings become the editor's markers and the list under it
   * while the editor shows exactly the text the lint read; any other text (typed, pasted,
   * opened and not loaded) is linted by the same lint as a text of its own (editor-lint.ts).
   */
  lint?: LintView;
}

/** The markers' owner for the lint's findings (monaco-yaml's are 'yaml'). */
export const LINT_OWNER = 'lint';

/**
 * Makes the output editor's (empty) model ahead of the editor, which takes the model at its
 * path: the model's making and what listens to it (monaco-yaml's markers) then run in a task
 * before the editor's.
 */
export function prepareOutputModel(): void {
  const uri = monaco.Uri.parse(OPENAPI_MODEL_URI);
  if (monaco.editor.getModel(uri) === null) monaco.editor.createModel('', 'yaml', uri);
}

/** At most this many of the lint's findings become markers (thousands stall the renderer). */
const MAX_LINT_MARKERS = 2000;

/** At most this many diagnostics are listed under the editor. */
const MAX_LISTED = 500;

function lintSeverity(finding: LintFinding): Diagnostic['severity'] {
  return finding.severity === 'error'
    ? 'error'
    : finding.severity === 'warning'
      ? 'warning'
      : 'info';
}

function markerSeverity(severity: Diagnostic['severity']): monaco.MarkerSeverity {
  return severity === 'error'
    ? monaco.MarkerSeverity.Error
    : severity === 'warning'
      ? monaco.MarkerSeverity.Warning
      : monaco.MarkerSeverity.Info;
}

interface Diagnostic {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

const OutputEditor = forwardRef<OutputEditorHandle, OutputEditorProps>(function OutputEditor(
  { onHasTextChange, onPaste, onReady, onChange, onCursorOperation, locked = false, lint },
  ref,
) {
  const { i18n, t } = useLingui();
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const container = useRef<HTMLDivElement>(null);
  /** Bumped on every change of the text (after the pause): its check is settled again. */
  const [textVersion, setTextVersion] = useState(0);
  /** A large text goes in while the editor shows nothing (editor/detached-view.ts). */
  const [filling, setFilling] = useState(false);
  /** The lines of a text shown without folding (editor/detached-view.ts, AS_IS_LINES), or 0. */
  const [foldingOffLines, setFoldingOffLines] = useState(0);
  /** The lint view of the last render, for the editor's own checks (calls made later). */
  const lintRef = useRef(lint);
  useEffect(() => {
    lintRef.current = lint;
  });
  /** What the editor shows of its text's check: the document's answer, or one of its own. */
  const [checkState, setCheckState] = useState<EditorLintState>({ kind: 'none' });
  const [editorLint] = useState(
    () =>
      new EditorLint(
        {
          lintOther: (text) => lintRef.current?.lintOther(text) ?? Promise.resolve(undefined),
          cancelOther: () => lintRef.current?.cancelOther(),
        },
        setCheckState,
      ),
  );
  /** The answer whose findings the editor shows: of exactly the text it shows. */
  const shownAnswer =
    checkState.kind === 'document'
      ? lint?.answer
      : checkState.kind === 'checked'
        ? checkState.answer
        : undefined;
  const lintDiagnostics = useMemo<Diagnostic[]>(
    () =>
      (shownAnswer?.findings ?? [])
        // A finding of the form's rules with no place in the text (lint/lint.ts NO_LINE) has no line.
        .filter((finding) => finding.range.start.line >= 0)
        .slice(0, MAX_LINT_MARKERS)
        .map((finding) => {
          const ours = (FIELD_MESSAGES as Record<string, MessageDescriptor | undefined>)[
            finding.code
          ];
          // A text the core cannot read: the core error's words, and the reader's own.
          const core = (CORE_ERROR_MESSAGES as Record<string, MessageDescriptor | undefined>)[
            finding.code
          ];
          const message =
            ours !== undefined
              ? i18n._(ours)
              : core !== undefined
                ? `${i18n._(core)} ${finding.message}`
                : finding.message;
          return {
            line: finding.range.start.line + 1,
            column: finding.range.start.character + 1,
            endLine: finding.range.end.line + 1,
            endColumn: finding.range.end.character + 1,
            message: `${message} (${finding.code})`,
            severity: lintSeverity(finding),
          };
        }),
    [shownAnswer, i18n],
  );
  // Once typing pauses, and whenever the document's lint answers: what the shown text's
  // findings are (the document's, or its own check's).
  useEffect(() => {
    const model = modelOf(editorRef.current);
    if (!model || model.isDisposed()) return;
    const version = model.getVersionId();
    const read = async () => {
      const text =
        model.getValueLength() <= LARGE_TEXT ? flatValue(model) : await valueInSlices(model);
      return model.isDisposed() || model.getVersionId() !== version ? undefined : text;
    };
    void editorLint.settle(
      { length: model.getValueLength(), blank: isBlankModel(model), read },
      { textKey: lint?.textKey, pending: lint?.pending ?? false },
    );
  }, [editorLint, lint?.textKey, lint?.pending, textVersion]);
  useEffect(() => {
    const model = modelOf(editorRef.current);
    if (!model || model.isDisposed()) return;
    monaco.editor.setModelMarkers(
      model,
      LINT_OWNER,
      shownAnswer !== undefined
        ? lintDiagnostics.map((d) => {
            // A finding about a whole object (the document's missing `servers`, an operation's
            // missing `description`) spans all its lines: underlining them all hides the text,
            // so a marker covers the rest of its first line only (the list says the rest).
            const oneLine = d.endLine === undefined || d.endLine === d.line;
            const lastColumn =
              d.line <= model.getLineCount() ? model.getLineMaxColumn(d.line) : d.column;
            return {
              startLineNumber: d.line,
              startColumn: d.column,
              endLineNumber: d.line,
              endColumn: oneLine ? (d.endColumn ?? d.column) : Math.max(lastColumn, d.column + 1),
              message: d.message,
              severity: markerSeverity(d.severity),
              source: 'Spectral',
            };
          })
        : [],
    );
  }, [shownAnswer, lintDiagnostics]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onHasTextChange, onPaste, onChange, onCursorOperation });
  useEffect(() => {
    callbacks.current = { onHasTextChange, onPaste, onChange, onCursorOperation };
  });
  const [locator] = useState(() => new OperationLocator());
  useEffect(() => () => locator.dispose(), [locator]);
  const highlight = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  const cursorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The lines the last Generate changed, highlighted for {@link CHANGED_HIGHLIGHT_MS}. */
  const changed = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  const changedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The operation the cursor was last reported in ("path method"). */
  const lastOperation = useRef<string | undefined>(undefined);
  /** A large paste going in in slices (the editor is read-only meanwhile). */
  const pasting = useRef<{ done: Promise<void>; cancelled: boolean } | undefined>(undefined);
  const lockedRef = useRef(locked);
  useEffect(() => {
    lockedRef.current = locked;
    const editor = editorRef.current;
    if (!editor || !modelOf(editor)) return;
    if (locked) {
      editor.updateOptions({ readOnly: true });
      return;
    }
    // Unlocked in a task of its own: the options' recomputation goes through the whole view,
    // and this commit is the restored form's (a task of 50–70 ms CPU for GitHub's description).
    let cancelled = false;
    void yieldToBrowser().then(() => {
      if (cancelled || lockedRef.current || !modelOf(editor)) return;
      editor.updateOptions({ readOnly: pasting.current !== undefined });
    });
    return () => {
      cancelled = true;
    };
  }, [locked]);

  /**
   * Inserts a large paste in slices. The editor is read-only until it is in, so typing cannot
   * land between slices; reading the text waits for it, replacing the text cancels it.
   */
  const pasteInSlices = (
    editor: monaco.editor.IStandaloneCodeEditor,
    range: monaco.IRange,
    text: string,
    caretAt: 'end' | 'start' = 'end',
  ) => {
    const job = { done: Promise.resolve(), cancelled: false };
    pasting.current = job;
    editor.updateOptions({ readOnly: true });
    job.done = insertInSlices(
      editor,
      range,
      text,
      () => job.cancelled,
      caretAt,
      (busy) => fillBusy(busy, editor, setFilling, setFoldingOffLines),
    ).finally(() => {
      if (pasting.current !== job) return;
      pasting.current = undefined;
      if (modelOf(editor)) editor.updateOptions({ readOnly: lockedRef.current });
    });
  };
  /** Stops a paste going in (the text is about to be replaced). */
  const cancelPaste = () => {
    if (pasting.current) pasting.current.cancelled = true;
  };

  useImperativeHandle(ref, () => {
    const setValue = (text: string) => {
      const editor = editorRef.current;
      const model = modelOf(editor);
      if (!editor || !model) return;
      cancelPaste();
      if (text.length + model.getValueLength() > LARGE_TEXT) {
        // A whole-document edit makes Monaco compute its undo data over megabytes.
        model.setValue(text);
      } else {
        // pushEditOperations keeps Ctrl+Z able to bring the previous text back.
        editor.pushUndoStop();
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
        editor.pushUndoStop();
      }
      editor.setScrollTop(0);
      editor.setPosition({ lineNumber: 1, column: 1 });
    };
    /**
     * Answers whether the model holds exactly `text` now: no other edit came between the
     * slices (what a user typed meanwhile is in it too).
     */
    const setValueInSlices = async (text: string): Promise<boolean> => {
      const editor = editorRef.current;
      const model = modelOf(editor);
      if (!editor || !model) return false;
      cancelPaste();
      if (text.length > SLICE_CHARS) {
        // Every slice in a task of its own, the first too, and so the emptying of the model: the
        // caller's task is often React's commit of a restored form (a 13 MB restore spent 15–25
        // ms there replacing the model's text, with its view events, before any slice).
        await yieldToBrowser();
        if (model.isDisposed()) return false;
      }
      let ours = -1;
      let only = true;
      const fill = async () => {
        const first = text.length <= SLICE_CHARS ? text.length : textSliceEnd(text, 0, SLICE_CHARS);
        model.setValue(text.slice(0, first));
        ours = model.getVersionId();
        for (let offset = first; offset < text.length;) {
          await yieldToBrowser();
          if (model.isDisposed()) return;
          if (model.getVersionId() !== ours) only = false;
          const end = textSliceEnd(text, offset, SLICE_CHARS);
          const line = model.getLineCount();
          const column = model.getLineMaxColumn(line);
          model.applyEdits([
            { range: new monaco.Range(line, column, line, column), text: text.slice(offset, end) },
          ]);
          ours = model.getVersionId();
          offset = end;
        }
      };
      if (text.length > DETACH_CHARS)
        await withViewDetached(
          editor,
          model,
          fill,
          (busy) => fillBusy(busy, editor, setFilling, setFoldingOffLines),
          outputLanguage,
        );
      else await fill();
      if (model.isDisposed()) return false;
      editor.setScrollTop(0);
      editor.setPosition({ lineNumber: 1, column: 1 });
      return only && !model.isDisposed() && model.getVersionId() === ours;
    };
    /**
     * After Generate the editor shows the first changed lines (not line 1),
     * highlighted for a moment (a decoration that fades, generator.css `gen-changed-line`).
     */
    const revealChange = (start: number, end: number, highlight: boolean) => {
      const editor = editorRef.current;
      const model = modelOf(editor);
      if (!editor || !model) return;
      const first = model.getPositionAt(start).lineNumber;
      const last = Math.max(first, model.getPositionAt(Math.max(start, end - 1)).lineNumber);
      editor.setPosition({ lineNumber: first, column: 1 });
      editor.revealLineNearTop(first, monaco.editor.ScrollType.Immediate);
      clearTimeout(changedTimer.current);
      changed.current ??= editor.createDecorationsCollection();
      if (!highlight) {
        changed.current.clear();
        return;
      }
      const shown = Math.min(last, first + CHANGED_LINES_MAX - 1);
      changed.current.set([
        {
          range: new monaco.Range(first, 1, shown, model.getLineMaxColumn(shown)),
          options: {
            isWholeLine: true,
            className: 'gen-changed-line',
            linesDecorationsClassName: 'gen-changed-gutter',
          },
        },
      ]);
      changedTimer.current = setTimeout(() => changed.current?.clear(), CHANGED_HIGHLIGHT_MS);
    };
    return {
      getValue: () => flatValue(modelOf(editorRef.current)),
      readValue: async () => {
        await pasting.current?.done;
        const model = modelOf(editorRef.current);
        if (!model) return '';
        return model.getValueLength() <= LARGE_TEXT
          ? flatValue(model)
          : ((await valueInSlices(model)) ?? '');
      },
      setValue,
      setValueInSlices: async (text: string) => {
        await setValueInSlices(text);
      },
      showGenerated: async (text: string, source?: DocumentTextRef) => {
        const editor = editorRef.current;
        const model = modelOf(editor);
        if (!editor || !model) return;
        cancelPaste();
        /** The model holds exactly `text` now: its version shows `source`'s text, if named. */
        const holds = () => {
          // Monaco makes every line break alike and keeps a BOM aside; the text's own may differ.
          if (model.isDisposed() || text.charCodeAt(0) === 0xfeff || text.includes('\r')) return;
          const version = model.getVersionId();
          if (source !== undefined) shownDocument.set(model, { version, ref: source });
          lastRead.set(model, { version, text });
        };
        const small = model.getValueLength() + text.length <= LARGE_TEXT;
        let before: string | undefined;
        let readAt = model.getVersionId();
        if (small) before = flatValue(model);
        else {
          // Receiving the document, reading 4 MB out of the editor (in slices) and comparing are
          // separate tasks.
          await yieldToBrowser();
          if (model.isDisposed()) return;
          readAt = model.getVersionId();
          before = await valueInSlices(model);
          if (before === undefined) return;
          await yieldToBrowser();
          if (model.isDisposed()) return;
        }
        const range = changedRange(before, text);
        // The same text: the view stays where the user left it.
        if (range === undefined) {
          if (model.getVersionId() === readAt) holds();
          return;
        }
        const replaced = Math.max(range.oldEnd - range.start, range.newEnd - range.start);
        if (!small) {
          // Comparing 13 MB, the edit and the reveal were one task of 40 ms CPU: three now.
          await yieldToBrowser();
          if (model.isDisposed()) return;
        }
        if (
          replaced > SMALL_CHANGE ||
          model.getVersionId() !== readAt ||
          model.getValueLength() !== before.length
        ) {
          if (small) {
            setValue(text);
            holds();
          } else if (await setValueInSlices(text)) holds();
          if (model.isDisposed()) return;
        } else {
          const from = model.getPositionAt(range.start);
          const to = model.getPositionAt(range.oldEnd);
          const versionBefore = model.getVersionId();
          editor.pushUndoStop();
          model.pushEditOperations(
            [],
            [
              {
                range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
                text: text.slice(range.start, range.newEnd),
              },
            ],
            () => null,
          );
          editor.pushUndoStop();
          // The model held `before` and now holds `text` (reading it back is free).
          if (readAt === versionBefore) holds();
          if (!small) {
            await yieldToBrowser();
            if (model.isDisposed()) return;
          }
        }
        revealChange(range.start, range.newEnd, before.trim() !== '');
      },
      replaceSelection: (text: string) => {
        const editor = editorRef.current;
        if (!editor) return;
        const selections = editor.getSelections() ?? [];
        const ranges = selections.length > 0 ? selections : [new monaco.Selection(1, 1, 1, 1)];
        const model = modelOf(editor);
        if (model && ranges.length === 1 && text.length > LARGE_PASTE_CHARS) {
          // A whole converted document: in slices, as a large paste.
          const range = ranges[0]!;
          const before = model.getValueInRange(
            new monaco.Range(range.startLineNumber, 1, range.startLineNumber, range.startColumn),
          );
          editor.focus();
          pasteInSlices(editor, range, indentYamlForInsertion(text, before));
          return;
        }
        // The YAML follows the caret's indentation, or becomes a key's value.
        const shaped = (range: monaco.Selection) =>
          model
            ? indentYamlForInsertion(
                text,
                model.getValueInRange(
                  new monaco.Range(
                    range.startLineNumber,
                    1,
                    range.startLineNumber,
                    range.startColumn,
                  ),
                ),
              )
            : text;
        editor.pushUndoStop();
        editor.executeEdits(
          'json-paste',
          ranges.map((range) => ({ range, text: shaped(range), forceMoveMarkers: true })),
        );
        editor.pushUndoStop();
        editor.focus();
      },
      openText: (text: string) => {
        const editor = editorRef.current;
        const model = modelOf(editor);
        if (!editor || !model) return;
        cancelPaste();
        editor.focus();
        const range = model.getFullModelRange();
        if (text.length > LARGE_PASTE_CHARS) {
          pasteInSlices(editor, range, text, 'start');
          return;
        }
        editor.pushUndoStop();
        editor.executeEdits('json-open', [{ range, text, forceMoveMarkers: true }]);
        editor.pushUndoStop();
        editor.setPosition({ lineNumber: 1, column: 1 });
        editor.revealLine(1, monaco.editor.ScrollType.Immediate);
      },
      focus: () => editorRef.current?.focus(),
      showStart: () => {
        const editor = editorRef.current;
        if (!editor || !modelOf(editor)) return;
        editor.setSelection(new monaco.Selection(1, 1, 1, 1));
        editor.setScrollPosition(
          { scrollTop: 0, scrollLeft: 0 },
          monaco.editor.ScrollType.Immediate,
        );
      },
      revealLines: (start: number, end: number) => {
        const editor = editorRef.current;
        const model = modelOf(editor);
        if (!editor || !model) return;
        const last = Math.min(Math.max(start, end), model.getLineCount());
        const first = Math.max(1, Math.min(start, last));
        editor.revealLinesNearTop(first, last, monaco.editor.ScrollType.Smooth);
        editor.setSelection(new monaco.Selection(first, 1, first, 1));
        highlight.current ??= editor.createDecorationsCollection();
        highlight.current.set([
          {
            range: new monaco.Range(first, 1, last, model.getLineMaxColumn(last)),
            options: {
              isWholeLine: true,
              className: 'doc-highlight-line',
              linesDecorationsClassName: 'doc-highlight-gutter',
            },
          },
        ]);
      },
      findOperation: async (path: string, method: string, where?: OperationWhere) => {
        const model = modelOf(editorRef.current);
        if (!model) return undefined;
        const ranges = await rangesOf(locator, model);
        return findOperation(ranges, path, method, where?.webhook === true, where?.additional);
      },
    };
  }, [locator]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(cursorTimer.current);
      clearTimeout(changedTimer.current);
    },
    [],
  );

  /**
   * The editor is made without a model (`model: null` in its options) and takes its model in the
   * next task: made with it, the editor's creation (the view of the text included) was one task
   * of 85–100 ms CPU on a reload.
   */
  const onMount: OnMount = (editor, monacoApi) => {
    let disposed = false;
    editor.onDidDispose(() => (disposed = true));
    void (async () => {
      await yieldToBrowser();
      if (disposed) return;
      // Read-only while a restore is under way, set before the model is in: with a model, the
      // options' recomputation goes through the whole view (a fifth of the task that attached
      // the model on a reload of a 13 MB document).
      if (lockedRef.current) {
        editor.updateOptions({ readOnly: true });
        await yieldToBrowser();
        if (disposed) return;
      }
      prepareOutputModel();
      editor.setModel(monaco.editor.getModel(monaco.Uri.parse(OPENAPI_MODEL_URI)));
      attach(editor, monacoApi);
    })();
  };

  const attach: OnMount = (editor) => {
    editorRef.current = editor as unknown as monaco.editor.IStandaloneCodeEditor;
    // The lock may have come while the model was going in.
    if (lockedRef.current && !editor.getOption(monaco.editor.EditorOption.readOnly)) {
      editor.updateOptions({ readOnly: true });
    }
    // Not @monaco-editor/react's onChange: it reads the whole text on every change, which for
    // a 4 MB document costs more than the change itself. Only "is there any text" is needed.
    const model = modelOf(editor);
    // The editor's bracketPairColorization option does not reach the model, which still parsed
    // every bracket of the text into a tree after each large edit (a 100–170 ms task after
    // pasting Stripe) to colour them: the model's own option turns that off.
    model?.updateOptions({
      bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false },
    });
    editor.onDidChangeCursorPosition((event) => {
      // Only the user's own moves: Generate, "Show in YAML" and the like move it by API.
      // Typing moves the cursor too (reason: not explicit); only clicks and arrow keys count.
      if (event.source !== 'mouse' && event.source !== 'keyboard') return;
      if (event.reason !== monaco.editor.CursorChangeReason.Explicit) return;
      if (callbacks.current.onCursorOperation === undefined || !model) return;
      clearTimeout(cursorTimer.current);
      cursorTimer.current = setTimeout(() => {
        const line = event.position.lineNumber;
        void rangesOf(locator, model).then((ranges) => {
          const found = operationInRanges(ranges, line);
          const key = found && `${found.path} ${found.method}`;
          if (key === lastOperation.current) return;
          lastOperation.current = key;
          if (found) callbacks.current.onCursorOperation?.(found.path, found.method);
        });
      }, CURSOR_DEBOUNCE_MS);
    });
    // Whether the text is long enough that the active indent guide is not highlighted (see
    // LONG_TEXT_LINES); checked at each change, the option changed only when it crosses.
    let long = false;
    let longChecking = false;
    const checkLong = () => {
      if (longChecking || !model) return;
      if (model.getLineCount() > LONG_TEXT_LINES === long) return;
      longChecking = true;
      // Not inside the model's change event: the option's change re-lays the view out.
      void yieldToBrowser().then(() => {
        longChecking = false;
        if (model.isDisposed() || modelOf(editor) !== model) return;
        const now = model.getLineCount() > LONG_TEXT_LINES;
        if (now === long) return;
        long = now;
        editor.updateOptions({ guides: { highlightActiveIndentation: !long } });
      });
    };
    checkLong();
    // The language follows the text's size (outputLanguage), changed out of the change event.
    let languageChecking = false;
    const checkLanguage = () => {
      if (languageChecking || !model || isDetached(editor)) return;
      if (model.getLanguageId() === outputLanguage(model)) return;
      languageChecking = true;
      void yieldToBrowser().then(() => {
        languageChecking = false;
        if (model.isDisposed() || isDetached(editor)) return;
        const language = outputLanguage(model);
        if (model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
      });
    };
    checkLanguage();
    // A text shown as Monaco shows a large file (detached-view.ts) gets folding back once it
    // is small again.
    let viewChecking = false;
    const checkView = () => {
      if (viewChecking || !model || !outgrownAsIs(editor, model)) return;
      viewChecking = true;
      void yieldToBrowser().then(() => {
        viewChecking = false;
        if (model.isDisposed() || isDetached(editor)) return;
        refreshView(editor);
        setFoldingOffLines(0);
      });
    };
    model?.onDidChangeContent(() => {
      checkLong();
      checkLanguage();
      checkView();
      // The findings are of the text before this change: they go at once (markers included,
      // which Monaco would otherwise carry along with the edit), and the text is checked again
      // after the pause.
      if (monaco.editor.getModelMarkers({ owner: LINT_OWNER, resource: model.uri }).length > 0) {
        monaco.editor.setModelMarkers(model, LINT_OWNER, []);
      }
      editorLint.changed();
      callbacks.current.onChange?.();
      highlight.current?.clear();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        callbacks.current.onHasTextChange(!isBlankModel(model));
        setTextVersion((version) => version + 1);
      }, EDITOR_DEBOUNCE_MS);
    });
    const element = container.current;
    if (element) {
      // A large selection is copied in slices (Monaco's copy is one long task);
      // if the browser refuses that write, Monaco copies it the usual way.
      let nativeCopy = false;
      element.addEventListener(
        'copy',
        (event: ClipboardEvent) => {
          if (nativeCopy) return;
          copyLargeSelection(
            monaco,
            editor as unknown as monaco.editor.ICodeEditor,
            event,
            (copied) => {
              const known = lastRead.get(copied);
              return known?.version === copied.getVersionId() ? known.text : undefined;
            },
            () => {
              nativeCopy = true;
              editor.focus();
              document.execCommand('copy');
              nativeCopy = false;
            },
          );
        },
        true,
      );
      // Capture phase: runs before Monaco's own paste handling on its input element.
      element.addEventListener(
        'paste',
        (event: ClipboardEvent) => {
          // While a large text goes in, the read-only (or model-less) editor turns pastes away.
          if (pasting.current || isDetached(editor)) return;
          const text = event.clipboardData?.getData('text/plain') ?? '';
          if (!mayBeJsonPaste(text)) {
            // A large paste at one caret goes in in slices; Monaco pastes the rest itself.
            const selections = editor.getSelections() ?? [];
            const selection = selections.length === 1 ? selections[0] : undefined;
            if (
              text.length <= LARGE_PASTE_CHARS ||
              selection === undefined ||
              editor.getOption(monaco.editor.EditorOption.readOnly)
            ) {
              return;
            }
            event.preventDefault();
            event.stopPropagation();
            pasteInSlices(
              editor as unknown as monaco.editor.IStandaloneCodeEditor,
              selection,
              text,
            );
            return;
          }
          event.preventDefault();
          event.stopPropagation();
          // A JSON example pasted into a JSON document stays JSON (unless it replaces it all).
          const selection = editor.getSelection();
          const whole =
            model !== null &&
            selection !== null &&
            model.getFullModelRange().equalsRange(selection);
          const intoJson = model !== null && !whole && holdsJson(model);
          callbacks.current.onPaste(
            text,
            (asIs) => {
              editor.focus();
              editor.trigger('keyboard', 'paste', { text: asIs, pasteOnNewLine: false });
            },
            { intoJson },
          );
        },
        true,
      );
    }
    onReady?.();
  };

  // A new options object on every render makes @monaco-editor/react call updateOptions, which
  // compares the editor's whole configuration (about 12 ms per render of the page).
  const options = useMemo<monaco.editor.IStandaloneEditorConstructionOptions>(
    () => ({
      // The model goes in after the editor is made (see onMount).
      model: null,
      placeholder: t`OpenAPI will be here`,
      // Shown when typing into the editor while it is read-only (a restore, a large paste).
      readOnlyMessage: { value: t`Wait a moment: the text is being put in place.` },
      automaticLayout: true,
      minimap: { enabled: false },
      // Copying builds syntax-highlighted HTML of the selection for the clipboard: a
      // 200-430 ms task for a whole large document (Ctrl+A, Ctrl+C). Plain text only.
      copyWithSyntaxHighlighting: false,
      // Chromium's EditContext (Monaco's default input there) is handed the whole lines of
      // the selection at every render: after Ctrl+A on a 4 MB document the frame spent
      // 260 ms in EditContext.updateSelection and 45 ms in updateText (the copy itself is
      // 40 ms). The hidden textarea input, Monaco's input everywhere else, holds no more
      // than a screen reader's page of text.
      editContext: false,
      // The default ('selection') draws a dot for each space of the selected visible lines,
      // measuring each one's position in the DOM: YAML indents deeply, so a selection over
      // the screen (Ctrl+A) was 1,000+ layout reads, 45 ms of a render frame.
      renderWhitespace: 'none',
      scrollBeyondLastLine: false,
      wordWrap: 'off',
      tabSize: 2,
      insertSpaces: true,
      fontSize: 13,
      renderValidationDecorations: 'on',
      // Symbol-based views ask monaco-yaml for the outline and links of the whole document;
      // for a 4 MB document those answers alone stall the main thread for seconds. Folding
      // and sticky lines come from the one folding provider registered for YAML: indentation
      // ranges computed in slices (editor/indent-folding.ts), never one long task.
      stickyScroll: { enabled: true, defaultModel: 'foldingProviderModel' },
      foldingStrategy: 'auto',
      // Applying folding regions after an edit is one task that grows with their number
      // (the provider answers at most MAX_RANGES, the shallowest; see indent-folding).
      foldingMaximumRegions: MAX_RANGES,
      links: false,
      // Bracket pairs are parsed over the whole text (a tree of every bracket): on a 4 MB
      // document pasting was 650 ms of that parse and rendering 700 ms of looking pairs up.
      // YAML marks structure by indentation; its few flow brackets need no colours.
      bracketPairColorization: { enabled: false },
      guides: { bracketPairs: false, bracketPairsHorizontal: false },
      // Matching the bracket at the caret builds the same tree of every bracket in the text
      // (a 78 ms task after pasting the 1.4 MB OpenAI document).
      matchBrackets: 'never',
      ariaLabel: t`OpenAPI YAML`,
    }),
    [t],
  );

  const foldingOffLinesText = i18n.number(foldingOffLines);
  const foldingLimitText = i18n.number(AS_IS_LINES);
  const foldingOffNote = t`This text has ${foldingOffLinesText} lines: folding is off above ${foldingLimitText} lines, to keep the editor responsive.`;
  return (
    <div className="gen-output">
      <div
        className="gen-output-editor"
        ref={container}
        data-testid="output-editor"
        data-locked={locked || filling ? 'true' : undefined}
      >
        {filling ? (
          <p className="gen-output-filling" role="status" data-testid="output-filling">
            {t`Wait a moment: the text is being put in place.`}
          </p>
        ) : null}
        <Editor
          path={OPENAPI_MODEL_URI}
          defaultLanguage="yaml"
          defaultValue=""
          loading={<p className="gen-muted">{t`Loading the editor…`}</p>}
          options={options}
          onMount={onMount}
        />
      </div>
      <ul
        className="gen-diagnostics"
        aria-label={t`Problems in the YAML`}
        data-testid="diagnostics"
        data-findings-of={checkState.kind}
      >
        <YamlChecksNote />
        {foldingOffLines > 0 ? (
          <li className="gen-checks-note" role="status" data-testid="folding-off-note">
            {foldingOffNote}
          </li>
        ) : null}
        <EditorLintNote
          state={checkState}
          onCheck={() => void editorLint.checkLarge()}
          onCancel={() => editorLint.cancelLarge()}
        />
        {lintDiagnostics.slice(0, MAX_LISTED).map((d, i) => {
          // In words, the schema's own message on request.
          const plain = describeDiagnostic(i18n, d.message);
          return (
            <li key={i} className={`gen-diagnostic gen-diagnostic-${d.severity}`}>
              <button
                type="button"
                onClick={() => {
                  const editor = editorRef.current;
                  if (!editor) return;
                  editor.revealLineInCenter(d.line);
                  editor.setPosition({ lineNumber: d.line, column: d.column });
                  editor.focus();
                }}
              >
                {t`Line ${d.line}, column ${d.column}`}: {plain.text}
              </button>
              {plain.detail === undefined ? null : (
                <details className="gen-diagnostic-details" data-testid="diagnostic-details">
                  <summary>{t`Details`}</summary>
                  <code>{plain.detail}</code>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});

export default OutputEditor;
