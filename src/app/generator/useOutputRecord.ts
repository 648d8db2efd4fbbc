/**
 * The browser's own workspace keeps what its output editor shows (issue 18.3): a line typed at
 * the end of the output survives going to another page and a reload, and Download takes it. The
 * record is the document text plus the view state holding the editor's change to it, the same
 * mechanism a project uses (`projectViewStateJson`); a project keeps it on the server instead.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { projectOutput, projectViewStateJson } from '../../shared/projects';
import type { OutputEditorHandle } from './OutputEditor';
import { blobInSlices } from '../util/slices';
import { loadOutputRecord, saveOutputRecord, type OutputRecord } from './source-store';

/** Texts longer than this are kept as a Blob made in slices (no task clones megabytes). */
const BLOB_ABOVE_CHARS = 256 * 1024;

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
    /** A save reading the editor in slices has not finished. */
    let inFlight = false;
    const recordOf = (output: string): OutputRecord | undefined => {
      const text = latest.current.documentText.current || output;
      const record = { text, viewStateJson: projectViewStateJson(text, output) };
      if (last !== undefined && last.text === text && last.viewStateJson === record.viewStateJson) {
        return undefined;
      }
      last = record;
      return record;
    };
    /** Leaving the page: read and kept at once (nothing later would finish). */
    const saveNow = () => {
      clearTimeout(timer);
      timer = undefined;
      if (inFlight) {
        // The save in slices will not finish: this one keeps its text, whatever it recorded.
        dirty = true;
        last = undefined;
      }
      if (!restored || !dirty) return;
      dirty = false;
      const record = recordOf(handle.getValue());
      if (record !== undefined) void saveOutputRecord(scope, record);
    };
    /** After a quiet moment: read in slices, and a large text kept as a Blob made in slices. */
    const saveLater = async () => {
      timer = undefined;
      if (!restored || !dirty || inFlight) return;
      dirty = false;
      inFlight = true;
      try {
        const output = await handle.readValue();
        // Left meanwhile: saveNow kept what the editor showed.
        if (!alive) return;
        const record = recordOf(output);
        if (record === undefined) return;
        const text =
          record.text.length > BLOB_ABOVE_CHARS
            ? await blobInSlices(record.text, () => !alive)
            : record.text;
        if (text === undefined) return;
        await saveOutputRecord(scope, { text, viewStateJson: record.viewStateJson });
      } finally {
        inFlight = false;
        if (alive && dirty) changed.current();
      }
    };
    changed.current = () => {
      dirty = true;
      if (!restored) return;
      clearTimeout(timer);
      timer = setTimeout(() => void saveLater(), OUTPUT_SAVE_DEBOUNCE_MS);
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
    const onHide = () => saveNow();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      // Leaving the page (another route): what was typed in the last moment is kept too.
      saveNow();
      alive = false;
      changed.current = () => undefined;
    };
  }, [active, scope, editor]);
  return () => changed.current();
}
