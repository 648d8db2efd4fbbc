/**
 * The first copy of a large model in monaco-yaml's worker, sent in slices. Monaco
 * starts syncing a model to a language worker with one message holding every line of it
 * (`getLinesContent()` and its structured clone: 60–120 ms in one task for GitHub's 13 MB
 * description, 347 k lines), and does so again whenever the worker was restarted (idle for two
 * minutes, a new schema) or the model was not used for a minute. Here a large model starts in the
 * worker empty and its text follows as insertions of a few thousand lines, one task each, with
 * the model's own version on the last; then the model is handed to Monaco's sync, which sends
 * every later change as it does for any model. Requests for the model wait for that, so the
 * worker never answers about a part of the text (the diagnostics belong to the text shown).
 *
 * This reaches into Monaco 0.57's worker client (`_getProxy`, `_getOrCreateModelManager`, the
 * sync client's `_syncedModels`); where those are not there, Monaco syncs the model its own way.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { yieldToBrowser } from '../util/slices';

/** A model of more lines than this is first sent to the worker in slices. */
export const SLICED_SYNC_LINES = 20_000;

/** Lines sent per slice. */
const LINES_PER_SLICE = 8_000;

interface SyncProxy {
  $acceptNewModel(data: { url: string; lines: string[]; EOL: string; versionId: number }): void;
  $acceptModelChanged(url: string, event: unknown): void;
  $acceptRemovedModel(url: string): void;
}

interface SyncClient {
  _syncedModels: Record<string, { dispose(): void }>;
  _syncedModelsLastUsedTime: Record<string, number>;
  _stopModelSync(url: string): void;
}

interface WorkerClientInternals {
  _getProxy(): Promise<SyncProxy>;
  _getOrCreateModelManager(proxy: SyncProxy): SyncClient;
}

function internals(client: object): WorkerClientInternals | undefined {
  const c = client as Partial<WorkerClientInternals>;
  return typeof c._getProxy === 'function' && typeof c._getOrCreateModelManager === 'function'
    ? (c as WorkerClientInternals)
    : undefined;
}

/** Syncs in progress, per client and model URL (requests for the model wait for them). */
const inProgress = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Sends `model` to the worker behind `client` in slices when it is large and not there yet;
 * resolves once it is there (or was not sent: Monaco's own sync then sends it at once).
 */
export function syncModelInSlices(client: object, model: Monaco.editor.ITextModel): Promise<void> {
  const inner = internals(client);
  if (inner === undefined || model.getLineCount() <= SLICED_SYNC_LINES) return Promise.resolve();
  let running = inProgress.get(client);
  if (running === undefined) {
    running = new Map();
    inProgress.set(client, running);
  }
  const url = model.uri.toString();
  const pending = running.get(url);
  if (pending !== undefined) return pending;
  const job = sendInSlices(inner, model, url).finally(() => running.delete(url));
  running.set(url, job);
  return job;
}

/** How many times the slices are sent before the model is left to Monaco's own sync. */
const ATTEMPTS = 5;

/** How long the text must not change before its slices are sent again. */
const REST_MS = 300;

/** Resolves once `model` has not changed for {@link REST_MS} (or is disposed). */
function rest(model: Monaco.editor.ITextModel): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, REST_MS);
    const changes = model.onDidChangeContent(() => {
      clearTimeout(timer);
      timer = setTimeout(done, REST_MS);
    });
    const disposal = model.onWillDispose(done);
    function done() {
      clearTimeout(timer);
      changes.dispose();
      disposal.dispose();
      resolve();
    }
  });
}

async function sendInSlices(
  client: WorkerClientInternals,
  model: Monaco.editor.ITextModel,
  url: string,
): Promise<void> {
  const proxy = await client._getProxy();
  const manager = client._getOrCreateModelManager(proxy);
  if (
    typeof manager?._syncedModels !== 'object' ||
    typeof manager._stopModelSync !== 'function' ||
    manager._syncedModels[url] !== undefined
  ) {
    return;
  }
  // Tried again from the start, once the text rests, whenever it changes while its slices are
  // being sent (a large paste or restore going in).
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await rest(model);
    if (model.isDisposed()) return;
    const version = model.getVersionId();
    const eol = model.getEOL();
    const lines = model.getLineCount();
    // An empty model is one empty line (a worker's mirror of no lines cannot take an insertion).
    proxy.$acceptNewModel({ url, lines: [''], EOL: eol, versionId: version });
    let changed = false;
    for (let from = 1; from <= lines; from += LINES_PER_SLICE) {
      const to = Math.min(lines, from + LINES_PER_SLICE - 1);
      // Each slice goes at the end of what the worker holds: line `from`, column 1 (the text
      // before it ends with a line break); the first replaces the empty first line.
      const text =
        (from === 1 ? '' : eol) +
        model.getValueInRange({
          startLineNumber: from,
          startColumn: 1,
          endLineNumber: to,
          endColumn: model.getLineMaxColumn(to),
        });
      const at = from === 1 ? 1 : from - 1;
      const column = from === 1 ? 1 : model.getLineMaxColumn(from - 1);
      proxy.$acceptModelChanged(url, {
        changes: [
          {
            range: {
              startLineNumber: at,
              startColumn: column,
              endLineNumber: at,
              endColumn: column,
            },
            rangeOffset: 0,
            rangeLength: 0,
            text,
          },
        ],
        eol,
        versionId: to === lines ? version : -1,
        isUndoing: false,
        isRedoing: false,
        isFlush: false,
      });
      await yieldToBrowser();
      if (model.isDisposed() || model.getVersionId() !== version) {
        changed = true;
        break;
      }
    }
    if (model.isDisposed()) {
      proxy.$acceptRemovedModel(url);
      return;
    }
    if (changed) continue;
    if (manager._syncedModels[url] !== undefined) return;
    // From here on, as Monaco's own sync: every change as it happens, removal with the model.
    const listeners = [
      model.onDidChangeContent((event) => proxy.$acceptModelChanged(url, event)),
      model.onWillDispose(() => manager._stopModelSync(url)),
    ];
    manager._syncedModels[url] = {
      dispose: () => {
        for (const listener of listeners) listener.dispose();
        proxy.$acceptRemovedModel(url);
      },
    };
    manager._syncedModelsLastUsedTime[url] = Date.now();
    return;
  }
  // A model that kept changing: Monaco's own sync sends it at once.
  proxy.$acceptRemovedModel(url);
}
