// @vitest-environment node
// (Node's own Blob: fake-indexeddb clones values with Node's structuredClone.)
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  IndexedDbWorkspaceStore,
  MemoryWorkspaceStore,
  recordText,
  type WorkspaceRecord,
  type WorkspaceStore,
} from '../../../src/app/workspace/workspace-store';

function record(text: string | Blob, savedAt = 1): WorkspaceRecord {
  return { text, viewState: { v: 2, collapsed: ['a'] }, baseRevision: null, savedAt };
}

const stores: [string, () => WorkspaceStore][] = [
  ['IndexedDbWorkspaceStore', () => new IndexedDbWorkspaceStore(new IDBFactory(), 'test')],
  ['MemoryWorkspaceStore', () => new MemoryWorkspaceStore()],
];

describe.each(stores)('%s', (_, make) => {
  it('puts, gets, lists and deletes records by workspace name', async () => {
    const store = make();
    expect(await store.get('local')).toBeUndefined();
    expect(await store.names()).toEqual([]);
    await store.put('local', record('a'));
    await store.put('project:p1', { ...record('b'), baseRevision: 4, pending: true });
    expect(await store.get('local')).toEqual(record('a'));
    expect(await store.get('project:p1')).toEqual({
      ...record('b'),
      baseRevision: 4,
      pending: true,
    });
    expect((await store.names()).sort()).toEqual(['local', 'project:p1']);
    await store.delete('local');
    expect(await store.get('local')).toBeUndefined();
    expect(await store.names()).toEqual(['project:p1']);
  });

  it('keeps one record per name: a put replaces the one before', async () => {
    const store = make();
    await store.put('local', record('first', 1));
    await store.put('local', record('second', 2));
    expect(await store.names()).toEqual(['local']);
    expect(await store.get('local')).toEqual(record('second', 2));
  });

  it('keeps a Blob text a Blob, read back as text', async () => {
    const store = make();
    const text = 'openapi: 3.1.0\ninfo: { title: Ünïcode }\n'.repeat(1000);
    await store.put('local', record(new Blob([text])));
    const back = await store.get('local');
    expect(back?.text).toBeInstanceOf(Blob);
    expect(await recordText(back!)).toBe(text);
    expect(await recordText(record('plain'))).toBe('plain');
  });

  it('gives a large output change kept as a Blob back in the view state (issue 28.4)', async () => {
    const store = make();
    const change = 'paths: {}\n# Ünïcode\n'.repeat(1000);
    await store.put('local', {
      ...record('openapi: 3.0.1\n'),
      viewState: { v: 2, output: { start: 0, end: 15, text: '' } },
      outputText: new Blob([change]),
    });
    const back = await store.get('local');
    expect(back?.viewState.output).toEqual({ start: 0, end: 15, text: change });
    expect(back).not.toHaveProperty('outputText');
  });
});

describe('IndexedDbWorkspaceStore', () => {
  it('is one database: a second store over it sees the same records', async () => {
    const factory = new IDBFactory();
    await new IndexedDbWorkspaceStore(factory, 'shared').put('local', record('x'));
    expect(await new IndexedDbWorkspaceStore(factory, 'shared').get('local')).toEqual(record('x'));
    expect((await factory.databases()).map((db) => db.name)).toEqual(['shared']);
  });
});
