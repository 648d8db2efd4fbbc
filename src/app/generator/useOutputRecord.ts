/**
 * The browser's own workspace keeps what its output editor shows (issue 18.3): a line typed at
 * the end of the output survives going to another page and a reload, and Download takes it. The
 * record is the document text plus the view state holding the editor's change to it, the same
 * mechanism a project uses (`projectViewStateJson`); a project keeps it on the server instead.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { projectOutput, projectViewStateJson } from '../../shared/projects';
import type { OutputEditorHandle } from './OutputEditor';
import { loadOutputRecord, saveOutputRecord, type OutputRecord } from './source-store';

/** Quiet time after a change of the output before it is kept. */
export const OUTPUT_SAVE_DEBOUNCE_MS = 600;

export interface OutputRecordOptions {
  /** The browser's own workspace with its editor ready (a project keeps its output itself). */
  active: boolean;
  scope: string;
  editor: RefObject<OutputEditorHandle | null>;
  /** The document the output is compared with (the loaded or generated text). */
  documentText: { current: string | undefined };
  /** The kept output was put back in the editor. */
  onRestored: (output: string) => void;
}

function parse(json: string | null): unknown {
  try {
    return json === null ? null : JSON.parse(json);
  } catch {
    return null;
  }
}

/** Keeps the output editor's text; call the answer on every change of the output. */
export function useOutputRecord(options: OutputRecordOptions): () => void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const changed = useRef<() => void>(() => undefined);
  const { active, scope, editor } = options;
  useEffect(() => {
    // The handle stays usable in this cleanup: the editor is disposed after it (a child's).
    const handle = editor.current;
    if (!active || handle === null) return;
    let alive = true;
    let restored = false;
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: OutputRecord | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!restored || !dirty) return;
      dirty = false;
      const output = handle.getValue();
      const text = latest.current.documentText.current || output;
      const record = { text, viewStateJson: projectViewStateJson(text, output) };
      if (last !== undefined && last.text === text && last.viewStateJson === record.viewStateJson) {
        return;
      }
      last = record;
      void saveOutputRecord(scope, record);
    };
    changed.current = () => {
      dirty = true;
      if (!restored) return;
      clearTimeout(timer);
      timer = setTimeout(save, OUTPUT_SAVE_DEBOUNCE_MS);
    };
    void loadOutputRecord(scope)
      .catch(() => undefined)
      .then(async (record) => {
        if (!alive) return;
        // Something was typed or generated meanwhile: that is newer than the record.
        if (record !== undefined && !dirty && handle.getValue() === '') {
          const output = projectOutput(record.text, parse(record.viewStateJson));
          latest.current.documentText.current ??= record.text;
          last = record;
          await handle.setValueInSlices(output);
          dirty = false;
          if (alive) latest.current.onRestored(output);
        }
        restored = true;
        if (dirty) changed.current();
      });
    const onHide = () => save();
    window.addEventListener('pagehide', onHide);
    return () => {
      alive = false;
      window.removeEventListener('pagehide', onHide);
      // Leaving the page (another route): what was typed in the last moment is kept too.
      save();
      changed.current = () => undefined;
    };
  }, [active, scope, editor]);
  return () => changed.current();
}
