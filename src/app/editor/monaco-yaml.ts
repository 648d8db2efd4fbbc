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
import { registerIndentFolding, withoutFoldingProviders } from './indent-folding';
import { OPENAPI_FILE_MATCH, OPENAPI_SCHEMA_URI, openApiSchema } from './openapi-schema';

/** The marker owner monaco-yaml's validation provider uses. */
const YAML_MARKER_OWNER = 'yaml';

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

/** Whether the model holds nothing but whitespace (found without reading megabytes of text). */
export function isBlankModel(model: Monaco.editor.ITextModel): boolean {
  return (
    model.getValueLength() === 0 ||
    model.findNextMatch('\\S', { lineNumber: 1, column: 1 }, true, false, null, false) === null
  );
}

/**
 * An empty editor is not a broken document: monaco-yaml validates a blank model against the
 * OpenAPI schema and reports "Missing property openapi/info/paths" as a squiggle under the
 * placeholder. Its markers (owner 'yaml') are dropped while the model is blank; the next
 * validation after any text is typed or generated reports them as usual.
 */
function quietOnBlankModels(monaco: typeof Monaco): void {
  const original = monaco.editor.setModelMarkers;
  monaco.editor.setModelMarkers = (model, owner, markers) =>
    original(model, owner, owner === YAML_MARKER_OWNER && isBlankModel(model) ? [] : markers);
}

/** The worker for the 'yaml' label. */
export function createYamlWorker(): Worker {
  return new YamlWorker();
}

/** Configures monaco-yaml once for the output editor's model. */
export function setupMonacoYaml(monaco: typeof Monaco): void {
  patchCreateWebWorker(monaco);
  quietOnBlankModels(monaco);
  // Folding comes from the sliced indentation provider, not monaco-yaml's (see indent-folding.ts).
  registerIndentFolding(monaco, 'yaml');
  withoutFoldingProviders(monaco, 'yaml', () =>
    configureMonacoYaml(monaco, {
      enableSchemaRequest: false,
      validate: true,
      hover: true,
      completion: true,
      schemas: [
        { uri: OPENAPI_SCHEMA_URI, fileMatch: [OPENAPI_FILE_MATCH], schema: openApiSchema },
      ],
    }),
  );
}
