/**
 * monaco-yaml: hovers and completion against the bundled official schema of the document's
 * OpenAPI version (3.0, 3.1 or 3.2, read from the text's `openapi` line), in monaco-yaml's own
 * worker (separate from Monaco's editor worker and from the generator worker). Its validation is
 * off: the editor's diagnostics come from the one lint (Spectral in the lint worker), whatever
 * text the editor shows (generator/editor-lint.ts).
 *
 * Build note: monaco-yaml's worker imports `monaco-editor/esm/vs/editor/editor.worker.js`, a path
 * that monaco-editor 0.57's package "exports" no longer maps; vite.config.ts needs the alias
 * `{ find: /^monaco-editor\/esm\/vs\/(.+?)(\.js)?$/, replacement: <node_modules>/monaco-editor/esm/vs/$1.js }`.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { configureMonacoYaml, type MonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';
import { registerIndentFolding, withoutFoldingProviders } from './indent-folding';
import { baseDialect } from '../../shared/openapi/versions';
import { OPENAPI_MODEL_URI, modelDialect, schemasFor, type SchemaVersion } from './openapi-schema';
import { YAML_CHECKS_MAX_CHARS, failureOf, reasonOf, setYamlChecks } from './yaml-checks';
import { syncModelInSlices } from './sliced-model-sync';

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
    return guardClient(monaco, original({ ...options, worker: ready }));
  }) as typeof original;
}

/** monaco-yaml itself, once configured (to restart its worker). */
let configured: MonacoYaml | undefined;

/** Failures the worker reported so far (a check answered after one is not a clean one). */
let failures = 0;

/** The worker holds a copy of the text (synced for a request). */
let holdsText = false;

/** The worker is to be restarted on the next change of the text (it died, or holds too much). */
let restartPending = false;

/** Stops monaco-yaml's worker; its next request starts a new one and the text is checked again. */
function restartWorker(): void {
  restartPending = false;
  void configured?.update({});
}

/** A check failed on this text: the note under the editor says so. */
function reportFailure(reason: string): void {
  failures++;
  setYamlChecks({ kind: 'failed', reason });
}

/** The length of the largest of `resources`' models above the limit, if one is. */
function oversized(monaco: typeof Monaco, resources: Monaco.Uri[]): number | undefined {
  let largest: number | undefined;
  for (const uri of resources) {
    const chars = monaco.editor.getModel(uri)?.getValueLength() ?? 0;
    if (chars > YAML_CHECKS_MAX_CHARS && chars > (largest ?? 0)) largest = chars;
  }
  return largest;
}

/** A proxy whose every method answers nothing: no problems, no hover, no completion. */
const IDLE_PROXY = new Proxy(
  {},
  {
    get: (_target, prop) => (prop === 'then' ? undefined : () => Promise.resolve(undefined)),
  },
);

/**
 * Wraps the client monaco-yaml's worker manager talks to:
 * - a text above {@link YAML_CHECKS_MAX_CHARS} is not sent to the worker: every service answers
 *   nothing for it (the note under the editor says why), and a worker that holds an earlier copy
 *   of it (synced while it was smaller, a large paste going in) is restarted to let it go;
 * - a request that fails (the worker threw, or died) answers nothing instead of rejecting
 *   (monaco-yaml's marker provider does not catch: an unhandled rejection on the page), and
 *   the failure is reported;
 * - a request answered without a failure reported meanwhile turns the note off again.
 *
 * With validation off, requests come only from hover and completion: the size note follows the
 * text itself (see followOpenApiVersion).
 */
function guardClient<T extends object>(
  monaco: typeof Monaco,
  client: Monaco.editor.MonacoWebWorker<T>,
): Monaco.editor.MonacoWebWorker<T> {
  const synced = client.withSyncedResources.bind(client);
  holdsText = false;
  client.withSyncedResources = async (resources: Monaco.Uri[]) => {
    const chars = oversized(monaco, resources);
    if (chars !== undefined) {
      setYamlChecks({ kind: 'off', chars });
      if (holdsText) setTimeout(restartWorker, 0);
      holdsText = false;
      return IDLE_PROXY as T;
    }
    holdsText = true;
    // A large text's first copy goes to the worker in slices, not in one message.
    for (const uri of resources) {
      const model = monaco.editor.getModel(uri);
      if (model) await syncModelInSlices(client, model);
    }
    const proxy = (await synced(resources)) as Record<string, (...args: unknown[]) => unknown>;
    return new Proxy(proxy, {
      get: (target, prop) => {
        if (prop === 'then' || typeof prop !== 'string') return undefined;
        return async (...args: unknown[]) => {
          const before = failures;
          try {
            const result = await target[prop]!(...args);
            if (failures === before) setYamlChecks({ kind: 'on' });
            return result;
          } catch (error) {
            reportFailure(reasonOf(error));
            return undefined;
          }
        };
      },
    }) as T;
  };
  return client;
}

/** Whether the model holds nothing but whitespace (found without reading megabytes of text). */
export function isBlankModel(model: Monaco.editor.ITextModel): boolean {
  return (
    model.getValueLength() === 0 ||
    model.findNextMatch('\\S', { lineNumber: 1, column: 1 }, true, false, null, false) === null
  );
}

/** The worker for the 'yaml' label. */
export function createYamlWorker(): Worker {
  const worker = new YamlWorker();
  // What the worker reports of its own failures (yaml-worker-report.ts), and its death.
  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const failure = failureOf(event.data);
    if (failure) reportFailure(failure.reason);
  });
  worker.addEventListener('error', (event) => {
    reportFailure(event.message || 'the worker stopped');
    restartPending = true;
  });
  return worker;
}

/** How long after the last change the `openapi` line is read again. */
const VERSION_DEBOUNCE_MS = 300;

/** The version monaco-yaml reads the output with (the oldest until a document states another). */
let checkedDialect: SchemaVersion = baseDialect();

/** The version the output editor's hovers and completion follow now. */
export function yamlSchemaDialect(): SchemaVersion {
  return checkedDialect;
}

/**
 * Hovers and completion follow the document's version. Whenever the output
 * model's text settles, its `openapi` line is read; a different dialect gives monaco-yaml that
 * version's schema (its worker restarts with it). A Swagger 2.0 text (`swagger: '2.0'`) gets
 * Swagger 2.0's schema, not OpenAPI 3.0's hints. A
 * text without such a line (blank, or being typed) keeps the schema it had.
 */
function followOpenApiVersion(monaco: typeof Monaco, yaml: MonacoYaml): void {
  const uri = monaco.Uri.parse(OPENAPI_MODEL_URI).toString();
  const follow = (model: Monaco.editor.ITextModel) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      if (model.isDisposed()) return;
      // A worker that died on an earlier text starts again for this one.
      if (restartPending) restartWorker();
      // The note under the editor follows the text: no check runs on it by itself any more
      // (validation is off), so its size is read here, and a failure of a hover or a completion
      // on the text before is not this text's.
      const chars = model.getValueLength();
      if (chars > YAML_CHECKS_MAX_CHARS) {
        setYamlChecks({ kind: 'off', chars });
        // A worker that holds an earlier copy (synced while the text was smaller) lets it go.
        if (holdsText) {
          holdsText = false;
          restartWorker();
        }
      } else {
        setYamlChecks({ kind: 'on' });
      }
      const dialect = modelDialect(model);
      if (dialect === undefined || dialect === checkedDialect) return;
      checkedDialect = dialect;
      void yaml.update({ schemas: schemasFor(dialect) });
    };
    check();
    const changes = model.onDidChangeContent(() => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, VERSION_DEBOUNCE_MS);
    });
    model.onWillDispose(() => {
      if (timer !== undefined) clearTimeout(timer);
      changes.dispose();
    });
  };
  for (const model of monaco.editor.getModels()) if (model.uri.toString() === uri) follow(model);
  monaco.editor.onDidCreateModel((model) => {
    if (model.uri.toString() === uri) follow(model);
  });
}

/** Configures monaco-yaml once for the output editor's model. */
export function setupMonacoYaml(monaco: typeof Monaco): void {
  patchCreateWebWorker(monaco);
  // Folding comes from the sliced indentation provider, not monaco-yaml's (see indent-folding.ts);
  // off, as the worker's services, for a text above the limit.
  registerIndentFolding(monaco, 'yaml', YAML_CHECKS_MAX_CHARS);
  // The output model is plain text above Monaco's no-colour limits (editor/detached-view.ts):
  // without a provider, Monaco's own indentation folding and sticky lines read the whole text
  // in one task (400 ms and 165 ms for GitHub's description as JSON).
  registerIndentFolding(monaco, 'plaintext', YAML_CHECKS_MAX_CHARS);
  const yaml = withoutFoldingProviders(monaco, 'yaml', () =>
    configureMonacoYaml(monaco, {
      enableSchemaRequest: false,
      // One source of problems: the lint answers for every text the editor shows. Hover and
      // completion do not depend on validation (yaml-language-server runs them apart).
      validate: false,
      hover: true,
      completion: true,
      schemas: schemasFor(checkedDialect),
    }),
  );
  configured = yaml;
  followOpenApiVersion(monaco, yaml);
}
