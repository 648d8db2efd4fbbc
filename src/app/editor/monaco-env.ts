/**
 * Monaco, bundled locally and configured once: the editor API with YAML highlighting, Monaco's own
 * editor worker (a Vite `?worker` chunk, separate from the generator worker), @monaco-editor/react
 * pointed at this package instead of a CDN, and monaco-yaml (./monaco-yaml). The editor's
 * features are evaluated before this module, in steps (./monaco-load).
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { StandaloneServices } from 'monaco-editor/editor/standalone/browser/standaloneServices';
import { IEditorWorkerService } from 'monaco-editor/editor/common/services/editorWorker';
import { IUndoRedoService } from 'monaco-editor/platform/undoRedo/common/undoRedo';
import { createYamlWorker, setupMonacoYaml } from './monaco-yaml';
import { syncEditorWorkerInSlices } from './editor-worker-sync';

declare global {
  var MonacoEnvironment: monaco.Environment | undefined;
}

let configured = false;

/** Configures Monaco and monaco-yaml once; returns the monaco namespace. */
export function setupMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  globalThis.MonacoEnvironment = {
    getWorker(_moduleId: string, label: string) {
      return (label === 'yaml' ? createYamlWorker() : undefined) ?? new EditorWorker();
    },
  };
  loader.config({ monaco });
  setupMonacoYaml(monaco);
  // Once the first editor has made Monaco's services (made here, they would not take that
  // editor's overrides).
  StandaloneServices.withServices(() => {
    syncEditorWorkerInSlices(
      (uri) => monaco.editor.getModel(uri),
      StandaloneServices.get(IEditorWorkerService),
    );
    return { dispose: () => undefined };
  });
  return monaco;
}

/** Monaco's undo-redo service (every model's undo stack); call once an editor exists. */
export function undoRedoService(): unknown {
  return StandaloneServices.get(IUndoRedoService);
}

export { monaco };
