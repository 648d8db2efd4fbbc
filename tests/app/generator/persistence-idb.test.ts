/**
 * A form too large for localStorage (a loaded Stripe-size document is over its ~5 M character
 * quota) moves to IndexedDB instead of being lost: the head in localStorage says where it is,
 * and a reload reads it back from there.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../src/shared';
import { EndpointStore } from '../../../src/app/generator/endpoint-store';

const kept = vi.hoisted(() => new Map<string, string>());
vi.mock('../../../src/app/generator/source-store', () => ({
  saveFormEntries: async (changed: Map<string, string>, removed: Iterable<string> = []) => {
    for (const [key, text] of changed) kept.set(key, text);
    for (const key of removed) kept.delete(key);
    return true;
  },
  loadFormEntries: async () => (kept.size > 0 ? Object.fromEntries(kept) : undefined),
  saveSource: async () => undefined,
  loadSource: async () => undefined,
}));

const {
  autoSave,
  FORM_STORAGE_KEY,
  IN_INDEXED_DB,
  loadSavedFormInSlices,
  MapStorage,
  savedFormEntries,
  SYNC_RESTORE_MAX_ENTRIES,
} = await import('../../../src/app/generator/persistence');

/** localStorage with a quota of `limit` characters. */
function smallStorage(limit: number): Storage {
  const storage = new MapStorage();
  const setItem = storage.setItem.bind(storage);
  storage.setItem = (key: string, value: string) => {
    let used = value.length;
    for (let i = 0; i < storage.length; i++) {
      const other = storage.key(i)!;
      if (other !== key) used += storage.getItem(other)!.length;
    }
    if (used > limit) throw new DOMException('full', 'QuotaExceededError');
    setItem(key, value);
  };
  return storage;
}

const endpoint = (i: number): Endpoint => ({
  id: `e${i}`,
  method: 'GET',
  path: `/items/${i}`,
  summary: 'x'.repeat(200),
  parameters: [],
  responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
});

describe('a form over the localStorage quota', () => {
  it('is kept in IndexedDB and restored from there', async () => {
    const storage = smallStorage(4_000);
    const store = new EndpointStore([endpoint(0)]);
    const stop = autoSave(store, storage);
    store.setAll(Array.from({ length: 60 }, (_, i) => endpoint(i)));
    await vi.waitFor(() => expect(storage.getItem(FORM_STORAGE_KEY)).toBe(IN_INDEXED_DB), {
      timeout: 5000,
    });
    // localStorage gave the form's space back; the head says where it is.
    expect(storage.length).toBe(1);
    expect(savedFormEntries(storage)).toBeGreaterThan(SYNC_RESTORE_MAX_ENTRIES);
    const restored = await loadSavedFormInSlices(storage);
    expect(restored?.endpoints.map((e) => e.id)).toEqual(
      Array.from({ length: 60 }, (_, i) => `e${i}`),
    );

    // Later changes go to IndexedDB too.
    store.update('e3', (e) => ({ ...e, path: '/changed' }));
    await vi.waitFor(
      async () =>
        expect((await loadSavedFormInSlices(storage))?.endpoints[3]?.path).toBe('/changed'),
      { timeout: 5000 },
    );
    stop();
  });
});
