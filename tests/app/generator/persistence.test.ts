import { describe, expect, it, vi } from 'vitest';
import type { Endpoint, Schema } from '../../../src/shared';
import { EndpointStore } from '../../../src/app/generator/endpoint-store';
import {
  autoSave,
  DocumentBase,
  ENDPOINTS_PER_ENTRY,
  FORM_STORAGE_KEY,
  FormSerializer,
  loadSavedForm,
  loadSavedFormInSlices,
  saveForm,
  savedFormEntries,
  SYNC_RESTORE_MAX_ENTRIES,
} from '../../../src/app/generator/persistence';
import { workspaceStorage } from '../../../src/app/generator/workspace';
import {
  formIsProjects,
  formOwner,
  migrateFormOwner,
  OLD_FORM_OWNER_KEY,
  setFormOwner,
} from '../../../src/app/projects/form-owner';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

function endpoint(id: string, components?: Record<string, Schema>): Endpoint {
  const e: Endpoint = {
    id,
    method: 'GET',
    path: `/${id}`,
    summary: '',
    parameters: [],
    responses: [
      {
        statusCode: 200,
        body: { name: 'Pet', customerJson: '', schema: { $ref: '#/components/schemas/Pet' } },
      },
    ],
  };
  if (components) e.schemaComponents = components;
  return e;
}

describe('form persistence', () => {
  it('writes shared components once and restores the sharing', () => {
    const pet: Schema = {
      type: 'object',
      properties: { tag: { $ref: '#/components/schemas/Tag' } },
    };
    const tag: Schema = { type: 'string' };
    const store = new EndpointStore(
      [endpoint('a', { Pet: pet, Tag: tag }), endpoint('b', { Pet: pet })],
      ['b'],
    );
    const storage = memoryStorage();
    expect(saveForm(store, storage)).toBe(true);
    const raw = Array.from({ length: storage.length }, (_, i) =>
      storage.getItem(storage.key(i)!),
    ).join('\n');
    expect(raw.match(/"properties"/g)).toHaveLength(1);
    const restored = loadSavedForm(storage)!;
    expect(restored.collapsed).toEqual(['b']);
    expect(restored.endpoints.map((e) => e.id)).toEqual(['a', 'b']);
    expect(restored.endpoints[0]!.schemaComponents).toEqual({ Pet: pet, Tag: tag });
    expect(restored.endpoints[0]!.schemaComponents!.Pet).toBe(
      restored.endpoints[1]!.schemaComponents!.Pet,
    );
    expect(restored.endpoints[1]).toEqual(store.getEndpoint('b'));
  });

  it('re-serialises only what changed and keeps the output identical to a fresh serialisation', () => {
    const shared: Schema = { type: 'integer' };
    const store = new EndpointStore([endpoint('a', { N: shared }), endpoint('b', { N: shared })]);
    const serializer = new FormSerializer();
    serializer.serialize(store);
    store.update('a', (e) => ({ ...e, path: '/changed' }));
    expect(serializer.isCached(store.getEndpoint('a')!)).toBe(false);
    expect(serializer.isCached(store.getEndpoint('b')!)).toBe(true);
    const incremental = serializer.serialize(store);
    expect(JSON.parse(incremental)).toEqual(JSON.parse(new FormSerializer().serialize(store)));
  });

  it('ignores unreadable saves and keeps the last good one when storage is full', () => {
    const storage = memoryStorage();
    storage.setItem(FORM_STORAGE_KEY, '{not json');
    expect(loadSavedForm(storage)).toBeUndefined();
    storage.setItem(
      FORM_STORAGE_KEY,
      JSON.stringify({ v: 1, endpoints: [{ id: 1 }], collapsed: [] }),
    );
    expect(loadSavedForm(storage)?.endpoints).toEqual([]);
    const full = memoryStorage();
    full.setItem(FORM_STORAGE_KEY, 'previous');
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(saveForm(new EndpointStore([endpoint('a')]), full)).toBe(false);
    expect(full.getItem(FORM_STORAGE_KEY)).toBe('previous');
  });

  it('rewrites only the storage entry of the changed endpoint and drops entries of a longer form', () => {
    const many = Array.from({ length: ENDPOINTS_PER_ENTRY * 2 + 1 }, (_, i) => endpoint(`e${i}`));
    const store = new EndpointStore(many);
    const storage = memoryStorage();
    const writes: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (k: string, v: string) => {
      writes.push(k);
      setItem(k, v);
    };
    const serializer = new FormSerializer();
    const written = new Map<string, string>();
    expect(saveForm(store, storage, serializer, written)).toBe(true);
    expect(writes).toHaveLength(4); // three endpoint entries and the head
    writes.length = 0;
    store.update(`e${ENDPOINTS_PER_ENTRY + 1}`, (e) => ({ ...e, path: '/x' }));
    saveForm(store, storage, serializer, written);
    expect(writes).toEqual([`${FORM_STORAGE_KEY}.e1`]);
    expect(loadSavedForm(storage)!.endpoints[ENDPOINTS_PER_ENTRY + 1]!.path).toBe('/x');
    for (let i = 0; i <= ENDPOINTS_PER_ENTRY; i++) store.remove(`e${i}`);
    saveForm(store, storage, serializer, written);
    expect(storage.getItem(`${FORM_STORAGE_KEY}.e1`)).toBeNull();
    expect(loadSavedForm(storage)!.endpoints).toHaveLength(ENDPOINTS_PER_ENTRY);
  });

  it('counts the entries of a large form, whose head lists hundreds of collapsed ids', async () => {
    const storage = memoryStorage();
    expect(savedFormEntries(storage)).toBe(0);
    const many = Array.from({ length: 468 }, (_, i) =>
      endpoint(`endpoint-with-a-long-id-${i}`, { [`C${i}`]: { type: 'string' } }),
    );
    const store = new EndpointStore(
      many,
      many.map((e) => e.id),
    );
    expect(saveForm(store, storage)).toBe(true);
    expect(storage.getItem(FORM_STORAGE_KEY)!.length).toBeGreaterThan(10_000);
    const entries = savedFormEntries(storage);
    expect(entries).toBe(1 + Math.ceil(468 / ENDPOINTS_PER_ENTRY) + Math.ceil(468 / 100));
    expect(entries).toBeGreaterThan(SYNC_RESTORE_MAX_ENTRIES);
    // Read in slices, the form is the same as read at once.
    const sliced = await loadSavedFormInSlices(storage);
    expect(sliced).toEqual(loadSavedForm(storage));
    expect(sliced!.endpoints).toHaveLength(468);
  });

  describe('views of a kept document (DocumentBase)', () => {
    const views = () =>
      Array.from({ length: 30 }, (_, i) => endpoint(`v${i}`, { Pet: { type: 'object' } }));

    it('saves unchanged views as ids and restores them from the document, edits whole', async () => {
      const loaded = views();
      const base = new DocumentBase();
      base.set(loaded, Promise.resolve('src-1'));
      await base.settled();
      const store = new EndpointStore(loaded, ['v1']);
      store.update('v3', (e) => ({ ...e, summary: 'edited' }));
      store.add(endpoint('new'));
      const storage = memoryStorage();
      expect(saveForm(store, storage, new FormSerializer(base))).toBe(true);
      const raw = Array.from({ length: storage.length }, (_, i) =>
        storage.getItem(storage.key(i)!),
      ).join('\n');
      // Two endpoints written out (the edit and the new one), 29 ids.
      expect(raw.match(/"responses"/g)).toHaveLength(2);
      expect(JSON.parse(storage.getItem(FORM_STORAGE_KEY)!).base).toBe('src-1');
      // Restored asynchronously: the worker gives the views again.
      expect(savedFormEntries(storage)).toBeGreaterThan(SYNC_RESTORE_MAX_ENTRIES);
      const again = views();
      const opened: string[] = [];
      const restored = await loadSavedFormInSlices(storage, undefined, async (id) => {
        opened.push(id);
        return again;
      });
      expect(opened).toEqual(['src-1']);
      expect(restored!.base).toBe('src-1');
      expect(restored!.collapsed).toEqual(['v1']);
      expect(restored!.endpoints.map((e) => e.id)).toEqual(store.list().map((e) => e.id));
      expect(restored!.endpoints[0]).toBe(again[0]);
      expect(restored!.endpoints[3]!.summary).toBe('edited');
      expect(restored!.endpoints[3]).not.toBe(again[3]);
      expect(restored!.endpoints.at(-1)).toEqual(store.getEndpoint('new'));
      expect(restored!.fromBase).toHaveLength(29);
    });

    it('restores what it can when the document text is gone, and says so', async () => {
      const loaded = views();
      const base = new DocumentBase();
      base.set(loaded, Promise.resolve('src-2'));
      await base.settled();
      const store = new EndpointStore(loaded);
      store.update('v0', (e) => ({ ...e, summary: 'kept' }));
      const storage = memoryStorage();
      saveForm(store, storage, new FormSerializer(base));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const restored = await loadSavedFormInSlices(storage, undefined, async () => undefined);
      expect(restored!.endpoints.map((e) => e.summary)).toEqual(['kept']);
      expect(restored!.base).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('29 endpoints'));
      warn.mockRestore();
    });

    it('waits for the text to be kept, and saves the views whole when it could not be', async () => {
      const storage = memoryStorage();
      const store = new EndpointStore([endpoint('first')]);
      const base = new DocumentBase();
      const stop = autoSave(store, storage, base);
      let keep!: (id: string | undefined) => void;
      const loaded = views();
      base.set(loaded, new Promise((resolve) => (keep = resolve)));
      store.setAll(loaded);
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Nothing written while the text is being kept.
      expect(loadSavedForm(storage)?.endpoints.map((e) => e.id)).not.toEqual(
        loaded.map((e) => e.id),
      );
      keep(undefined);
      await vi.waitFor(() => expect(loadSavedForm(storage)?.endpoints).toHaveLength(30), {
        timeout: 3000,
      });
      expect(JSON.parse(storage.getItem(FORM_STORAGE_KEY)!).base).toBeUndefined();
      stop();
    });

    it('names the kept text in the head once autosave writes it', async () => {
      const storage = memoryStorage();
      const store = new EndpointStore([endpoint('first')]);
      const base = new DocumentBase();
      const stop = autoSave(store, storage, base);
      const loaded = views();
      base.set(loaded, Promise.resolve('src-3'));
      store.setAll(loaded);
      await vi.waitFor(() => expect(base.savedId).toBe('src-3'), { timeout: 3000 });
      expect(JSON.parse(storage.getItem(FORM_STORAGE_KEY)!).base).toBe('src-3');
      stop();
    });
  });

  describe('autoSave', () => {
    /** Storage whose writes take 10 ms each, so a save of several entries spans several slices. */
    function slowStorage(): { storage: Storage; writes: string[] } {
      const storage = memoryStorage();
      const writes: string[] = [];
      const setItem = storage.setItem.bind(storage);
      storage.setItem = (key: string, value: string) => {
        const until = performance.now() + 10;
        while (performance.now() < until);
        writes.push(key);
        setItem(key, value);
      };
      return { storage, writes };
    }

    const LARGE = ENDPOINTS_PER_ENTRY * 4;

    /** Autosave running over slow storage, caught in the middle of writing a 4-entry form. */
    async function midWrite(prefix: string) {
      const { storage, writes } = slowStorage();
      const store = new EndpointStore([endpoint('first')]);
      const stop = autoSave(store, storage);
      store.setAll(Array.from({ length: LARGE }, (_, i) => endpoint(`${prefix}${i}`)));
      await vi.waitFor(() => expect(writes.length).toBeGreaterThan(0), { timeout: 2000 });
      return { storage, writes, store, stop };
    }

    /** Waits until the saved form has `count` endpoints. */
    function savedCount(storage: Storage, count: number) {
      return vi.waitFor(() => expect(loadSavedForm(storage)?.endpoints).toHaveLength(count), {
        timeout: 3000,
      });
    }

    it('writes a large form in slices, head last, and saves changes made meanwhile', async () => {
      const { storage, writes, store, stop } = await midWrite('a');
      // Mid-write: the head is not written yet, and a change arrives.
      expect(writes).not.toContain(FORM_STORAGE_KEY);
      store.add(endpoint('late'));
      await savedCount(storage, LARGE + 1);
      expect(writes.indexOf(FORM_STORAGE_KEY)).toBe(4); // 4 endpoint entries, then the head
      stop();
    });

    it('writes everything at once on pagehide mid-write, and keeps saving afterwards', async () => {
      const { storage, store, stop } = await midWrite('b');
      globalThis.dispatchEvent(new Event('pagehide'));
      expect(loadSavedForm(storage)?.endpoints).toHaveLength(LARGE);
      store.add(endpoint('after'));
      await savedCount(storage, LARGE + 1);
      stop();
    });
  });
});

describe('workspaces (issue 18.3)', () => {
  it('keeps the browser workspace and each project apart in one storage', () => {
    const shared = memoryStorage();
    const local = workspaceStorage(undefined, shared)!;
    const alpha = workspaceStorage('alpha', shared)!;
    const alphabet = workspaceStorage('alphabet', shared)!;
    expect(saveForm(new EndpointStore([endpoint('mine')], []), local)).toBe(true);
    expect(saveForm(new EndpointStore([endpoint('a1'), endpoint('a2')], ['a2']), alpha)).toBe(true);
    expect(loadSavedForm(alphabet)).toBeUndefined();
    expect(loadSavedForm(local)?.endpoints.map((e) => e.id)).toEqual(['mine']);
    expect(loadSavedForm(alpha)?.endpoints.map((e) => e.id)).toEqual(['a1', 'a2']);
    // A longer project form saved and then a shorter one: the stale entries go, only its own.
    const many = Array.from({ length: ENDPOINTS_PER_ENTRY * 2 }, (_, i) => endpoint(`m${i}`));
    expect(saveForm(new EndpointStore(many, []), alphabet)).toBe(true);
    expect(saveForm(new EndpointStore([endpoint('x')], []), alphabet, undefined, new Map())).toBe(
      true,
    );
    expect(loadSavedForm(alphabet)?.endpoints.map((e) => e.id)).toEqual(['x']);
    expect(loadSavedForm(alpha)?.endpoints.map((e) => e.id)).toEqual(['a1', 'a2']);
    expect(loadSavedForm(local)?.endpoints.map((e) => e.id)).toEqual(['mine']);
    // The browser's own workspace keeps the keys it always had.
    expect(shared.getItem(FORM_STORAGE_KEY)).not.toBeNull();
  });

  it('migrates the single form slot of older versions: it is the browser workspace, no project owns it', () => {
    const shared = memoryStorage();
    // Fixture of the old format: one form slot (v1, one entry) and the project it was said to be.
    shared.setItem(
      FORM_STORAGE_KEY,
      JSON.stringify({ v: 1, collapsed: [], endpoints: [endpoint('other-work')] }),
    );
    shared.setItem(OLD_FORM_OWNER_KEY, 'p1@3');
    expect(migrateFormOwner(shared)).toBe(true);
    expect(shared.getItem(OLD_FORM_OWNER_KEY)).toBeNull();
    // Project p1 has no form of its own here: opening it rebuilds the form from its document.
    expect(formOwner('p1', shared)).toBeNull();
    expect(formIsProjects('p1', 3, shared)).toBe(false);
    expect(loadSavedForm(workspaceStorage('p1', shared))).toBeUndefined();
    // The old slot is what the browser's own workspace shows.
    expect(loadSavedForm(workspaceStorage(undefined, shared))?.endpoints[0]?.id).toBe('other-work');
    expect(migrateFormOwner(shared)).toBe(false);
    setFormOwner('p1', 4, shared);
    expect(formIsProjects('p1', 4, shared)).toBe(true);
    expect(formIsProjects('p2', 4, shared)).toBe(false);
  });
});
