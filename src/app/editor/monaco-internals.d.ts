/**
 * Modules of Monaco 0.57 that hold its services (no types are published for them): only what
 * editor-worker-sync.ts, undo-step.ts and monaco-load.ts use.
 */
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: {
    get(id: unknown): unknown;
    /** Runs `callback` once the services exist (at the first editor), not creating them. */
    withServices(callback: () => { dispose(): void }): { dispose(): void };
    /** Makes the services (once; later calls answer the same), the editor features' too. */
    initialize(overrides: Record<string, unknown>): unknown;
  };
}

declare module 'monaco-editor/editor/common/services/editorWorker' {
  export const IEditorWorkerService: unknown;
}

declare module 'monaco-editor/platform/undoRedo/common/undoRedo' {
  export const IUndoRedoService: unknown;
}

/** Parts of Monaco's core loaded on their own before its API (monaco-load.ts); no types needed. */
declare module 'monaco-editor/editor/common/config/editorOptions';
declare module 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder';
declare module 'monaco-editor/editor/common/model/textModel';
declare module 'monaco-editor/editor/common/viewModel/viewModelImpl';
declare module 'monaco-editor/editor/browser/view';
declare module 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
