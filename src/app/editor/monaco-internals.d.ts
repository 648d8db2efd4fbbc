/**
 * The two modules of Monaco 0.57 that hold its editor worker service (no types are published for
 * them): only what editor-worker-sync.ts reads.
 */
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: {
    get(id: unknown): unknown;
    /** Runs `callback` once the services exist (at the first editor), not creating them. */
    withServices(callback: () => { dispose(): void }): { dispose(): void };
  };
}

declare module 'monaco-editor/editor/common/services/editorWorker' {
  export const IEditorWorkerService: unknown;
}
