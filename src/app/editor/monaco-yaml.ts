/**
 * monaco-yaml: YAML diagnostics, hovers and completion against the bundled OpenAPI 3.0 schema, in
 * monaco-yaml's own worker (separate from Monaco's editor worker and from the generator worker).
 *
 * Build note: monaco-yaml's worker imports `monaco-editor/esm/vs/editor/editor.worker.js`, a path
 * that monaco-editor 0.57's package "exports" no longer maps; vite.config.ts needs the alias
 * `{ find: /^monaco-editor\/esm\/vs\/(.+?)(\.js)?$/, replacement: <node_modules>/monaco-editor/esm/vs/$1.js }`.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';
import { OPENAPI_FILE_MATCH, OPENAPI_SCHEMA_URI, openApiSchema } from './openapi-schema';

/**
 * monaco-yaml (through monaco-worker-manager) still calls `editor.createWebWorker` with the pre-0.55
 * options ({ moduleId, label, createData }); Monaco 0.57 wants a `worker`. Create it from the
 * MonacoEnvironment and send the two start messages Monaco's own language workers send (the first
 * wakes the worker, the second carries the createData).
 */
function patchCreateWebWorker(monaco: typeof Monaco): void {
  const original = monaco.editor.createWebWorker;
  type Options = Parameters<typeof original>[0];
  type LegacyOptions = { moduleId?: string; label?: string; createData?: unknown };
  monaco.editor.createWebWorker = ((options: Options & LegacyOptions) => {
    if ('worker' in options && options.worker !== undefined) return original(options);
    const worker = globalThis.MonacoEnvironment?.getWorker?.(
      options.moduleId ?? 'workerMain.js',
      options.label ?? 'editorWorkerService',
    );
    if (!worker) return original(options);
    const ready = Promise.resolve(worker).then((w) => {
      w.postMessage('ignore');
      w.postMessage(options.createData);
      return w;
    });
    return original({ ...options, worker: ready });
  }) as typeof original;
}

/** The worker for the 'yaml' label. */
export function createYamlWorker(): Worker {
  return new YamlWorker();
}

/** Configures monaco-yaml once for the output editor's model. */
export function setupMonacoYaml(monaco: typeof Monaco): void {
  patchCreateWebWorker(monaco);
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: true,
    hover: true,
    completion: true,
    schemas: [{ uri: OPENAPI_SCHEMA_URI, fileMatch: [OPENAPI_FILE_MATCH], schema: openApiSchema }],
  });
}
