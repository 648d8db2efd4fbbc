/**
 * Monaco's own editor worker gets a large model in slices too. The unicode highlighter asks that
 * worker about the whole document after every change, and the first request sends the model as
 * one message of every line (`getLinesContent()` and its structured clone: a 90–160 ms task after
 * pasting GitHub's 13 MB description), as monaco-yaml's worker did before sliced-model-sync.ts.
 * Here the service's requests wait for the slices first (the same code as monaco-yaml's worker);
 * later changes go to the worker as events, as usual.
 *
 * This reaches into Monaco 0.57's editor worker service (`_workerWithResources`,
 * `_workerManager.withWorker()`); where they are not there, Monaco syncs the model its own way.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { syncModelInSlices } from './sliced-model-sync';

interface EditorWorkerServiceInternals {
  _workerWithResources(resources: Monaco.Uri[], forceLargeModels?: boolean): Promise<unknown>;
  _workerManager: { withWorker(): Promise<object> };
}

function internals(service: unknown): EditorWorkerServiceInternals | undefined {
  if (typeof service !== 'object' || service === null) return undefined;
  const s = service as Partial<EditorWorkerServiceInternals>;
  return typeof s._workerWithResources === 'function' &&
    typeof s._workerManager?.withWorker === 'function'
    ? (s as EditorWorkerServiceInternals)
    : undefined;
}

/**
 * Makes `service` (Monaco's editor worker service) send each large model it is asked about to its
 * worker in slices before the request. Returns whether it could.
 */
export function syncEditorWorkerInSlices(
  getModel: (uri: Monaco.Uri) => Monaco.editor.ITextModel | null,
  service: unknown,
): boolean {
  const inner = internals(service);
  if (inner === undefined) return false;
  const original = inner._workerWithResources.bind(inner);
  inner._workerWithResources = async (resources, forceLargeModels) => {
    const client = await inner._workerManager.withWorker();
    for (const uri of resources) {
      const model = getModel(uri);
      if (model) await syncModelInSlices(client, model);
    }
    return original(resources, forceLargeModels);
  };
  return true;
}
