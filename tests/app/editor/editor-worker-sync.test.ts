import type * as Monaco from 'monaco-editor/editor/editor.api';
import { describe, expect, it } from 'vitest';
import { syncEditorWorkerInSlices } from '../../../src/app/editor/editor-worker-sync';
import { SLICED_SYNC_LINES } from '../../../src/app/editor/sliced-model-sync';

/** A text model of `lines` lines ("line N"), as much of Monaco's model as the sync reads. */
function fakeModel(lines: number): Monaco.editor.ITextModel {
  const text = (n: number) => `line ${n}`;
  const model = {
    uri: { toString: () => 'file:///openapi.yaml' },
    getLineCount: () => lines,
    getVersionId: () => 7,
    getEOL: () => '\n',
    isDisposed: () => false,
    getLineMaxColumn: (n: number) => text(n).length + 1,
    getValueInRange: (r: Monaco.IRange) => {
      const out: string[] = [];
      for (let n = r.startLineNumber; n <= r.endLineNumber; n++) out.push(text(n));
      return out.join('\n');
    },
    onDidChangeContent: () => ({ dispose: () => undefined }),
    onWillDispose: () => ({ dispose: () => undefined }),
  };
  return model as unknown as Monaco.editor.ITextModel;
}

/**
 * Monaco's editor worker service as far as the sync reaches into it; `sent` logs each message,
 * `mirror` is the worker's copy of the lines (as Monaco's mirror model: an insertion must land on
 * a line it has).
 */
function fakeService() {
  const sent: { method: string; lines?: number }[] = [];
  const synced: Record<string, { dispose(): void }> = {};
  let mirror: string[] = [];
  const proxy = {
    $acceptNewModel: (data: { lines: string[] }) => {
      mirror = [...data.lines];
      sent.push({ method: 'new', lines: data.lines.length });
    },
    $acceptModelChanged: (
      _url: string,
      event: {
        changes: { range: { startLineNumber: number; startColumn: number }; text: string }[];
      },
    ) => {
      for (const { range, text } of event.changes) {
        const line = mirror[range.startLineNumber - 1];
        if (line === undefined) throw new TypeError('no such line in the mirror');
        const inserted = (
          line.slice(0, range.startColumn - 1) +
          text +
          line.slice(range.startColumn - 1)
        ).split('\n');
        mirror.splice(range.startLineNumber - 1, 1, ...inserted);
      }
      sent.push({ method: 'changed' });
    },
    $acceptRemovedModel: () => sent.push({ method: 'removed' }),
  };
  const client = {
    _getProxy: () => Promise.resolve(proxy),
    _getOrCreateModelManager: () => ({
      _syncedModels: synced,
      _syncedModelsLastUsedTime: {},
      _stopModelSync: () => undefined,
    }),
  };
  const service = {
    _workerManager: { withWorker: () => Promise.resolve(client) },
    // Monaco's own: the whole model in one message unless it is synced already.
    _workerWithResources: (resources: Monaco.Uri[]) => {
      for (const uri of resources) {
        if (synced[uri.toString()] === undefined) {
          sent.push({ method: 'new (whole)', lines: -1 });
        }
      }
      sent.push({ method: 'request' });
      return Promise.resolve(proxy);
    },
  };
  return { service, sent, mirror: () => mirror.join('\n') };
}

describe('Monaco editor worker sync in slices', () => {
  it('sends a large model in slices before the request, never as one message', async () => {
    const lines = SLICED_SYNC_LINES * 2;
    const model = fakeModel(lines);
    const { service, sent, mirror } = fakeService();
    expect(syncEditorWorkerInSlices(() => model, service)).toBe(true);
    await service._workerWithResources([model.uri]);
    expect(sent[0]).toEqual({ method: 'new', lines: 1 });
    expect(sent.filter((x) => x.method === 'changed').length).toBeGreaterThan(1);
    // The worker holds the text exactly.
    expect(mirror()).toBe(Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n'));
    expect(sent.map((x) => x.method)).not.toContain('new (whole)');
    expect(sent.at(-1)).toEqual({ method: 'request' });
  });

  it('leaves a small model to Monaco, and a service without those internals alone', async () => {
    const model = fakeModel(10);
    const { service, sent } = fakeService();
    syncEditorWorkerInSlices(() => model, service);
    await service._workerWithResources([model.uri]);
    expect(sent.map((x) => x.method)).toEqual(['new (whole)', 'request']);
    expect(syncEditorWorkerInSlices(() => model, {})).toBe(false);
  });
});
