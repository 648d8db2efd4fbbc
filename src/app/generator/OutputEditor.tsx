/**
 * The output editor (spec §2): Monaco with YAML highlighting and monaco-yaml diagnostics against the
 * OpenAPI 3.0 schema, full width and height, editable, placeholder 'OpenAPI will be here'. Loaded
 * lazily so Monaco's chunk stays off the rest of the app. Pastes that may be JSON are held back in
 * the capture phase (before Monaco sees them) and handed to `onPaste`.
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useLingui } from '@lingui/react/macro';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { setupMonaco, monaco } from '../editor/monaco-env';
import { isBlankModel } from '../editor/monaco-yaml';
import { OPENAPI_MODEL_URI } from '../editor/openapi-schema';
import { mayBeJsonPaste } from './json-paste';

setupMonaco();

/** Above this many characters (old + new), Generate replaces the text without an undo step. */
const LARGE_TEXT = 500_000;

/** Editor change debounce (spec §9). */
export const EDITOR_DEBOUNCE_MS = 200;

export interface OutputEditorHandle {
  getValue(): string;
  setValue(text: string): void;
  /** Replaces the current selection (or inserts at the caret) with `text`, as one undo step. */
  replaceSelection(text: string): void;
  focus(): void;
}

export interface OutputEditorProps {
  /** Whether the editor holds any non-blank text; reported 200 ms after the last change. */
  onHasTextChange: (hasText: boolean) => void;
  /** A paste that may be JSON; call `pasteAsIs` to let it through unchanged. */
  onPaste: (text: string, pasteAsIs: (text: string) => void) => void;
  onReady?: () => void;
}

interface Diagnostic {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

const OutputEditor = forwardRef<OutputEditorHandle, OutputEditorProps>(function OutputEditor(
  { onHasTextChange, onPaste, onReady },
  ref,
) {
  const { t } = useLingui();
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onHasTextChange, onPaste });
  useEffect(() => {
    callbacks.current = { onHasTextChange, onPaste };
  });

  useImperativeHandle(
    ref,
    () => ({
      getValue: () => editorRef.current?.getValue() ?? '',
      setValue: (text: string) => {
        const editor = editorRef.current;
        const model = editor?.getModel();
        if (!editor || !model) return;
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
      },
      replaceSelection: (text: string) => {
        const editor = editorRef.current;
        if (!editor) return;
        const selections = editor.getSelections() ?? [];
        const ranges = selections.length > 0 ? selections : [new monaco.Selection(1, 1, 1, 1)];
        editor.pushUndoStop();
        editor.executeEdits(
          'json-paste',
          ranges.map((range) => ({ range, text, forceMoveMarkers: true })),
        );
        editor.pushUndoStop();
        editor.focus();
      },
      focus: () => editorRef.current?.focus(),
    }),
    [],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor as unknown as monaco.editor.IStandaloneCodeEditor;
    // Not @monaco-editor/react's onChange: it reads the whole text on every change, which for
    // a 4 MB document costs more than the change itself. Only "is there any text" is needed.
    const model = editor.getModel();
    model?.onDidChangeContent(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        callbacks.current.onHasTextChange(!isBlankModel(model));
      }, EDITOR_DEBOUNCE_MS);
    });
    const element = container.current;
    if (element) {
      // Capture phase: runs before Monaco's own paste handling on its input element.
      element.addEventListener(
        'paste',
        (event: ClipboardEvent) => {
          const text = event.clipboardData?.getData('text/plain') ?? '';
          if (!mayBeJsonPaste(text)) return;
          event.preventDefault();
          event.stopPropagation();
          callbacks.current.onPaste(text, (asIs) => {
            editor.focus();
            editor.trigger('keyboard', 'paste', { text: asIs, pasteOnNewLine: false });
          });
        },
        true,
      );
    }
    onReady?.();
  };

  return (
    <div className="gen-output">
      <div className="gen-output-editor" ref={container} data-testid="output-editor">
        <Editor
          path={OPENAPI_MODEL_URI}
          defaultLanguage="yaml"
          defaultValue=""
          loading={<p className="gen-muted">{t`Loading the editor…`}</p>}
          options={{
            placeholder: t`OpenAPI will be here`,
            automaticLayout: true,
            minimap: { enabled: false },
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
            links: false,
            ariaLabel: t`OpenAPI YAML`,
          }}
          onMount={onMount}
          onValidate={(markers) =>
            setDiagnostics(
              markers.map((m) => ({
                line: m.startLineNumber,
                column: m.startColumn,
                message: m.message,
                severity: m.severity >= 8 ? 'error' : m.severity >= 4 ? 'warning' : 'info',
              })),
            )
          }
        />
      </div>
      <ul
        className="gen-diagnostics"
        aria-label={t`Problems in the YAML`}
        data-testid="diagnostics"
      >
        {diagnostics.slice(0, 500).map((d, i) => (
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
              {t`Line ${d.line}, column ${d.column}`}: {d.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
});

export default OutputEditor;
