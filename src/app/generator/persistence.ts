/**
 * "Nothing lost" (issue 5): the form is saved to localStorage as the user types (debounced, in idle
 * time) and restored on reload.
 *
 * Imported endpoints carry `schemaComponents`: maps of every component their schemas reach, the
 * same objects shared between endpoints (Stripe: 800 components, ~320 per endpoint). Written out
 * per endpoint that is 200 MB of JSON, so the saved form is normalised: components are written
 * once, in a table, and each endpoint lists table indexes; restoring puts the sharing back.
 * Serialised pieces are cached per object, so after a keystroke only one endpoint is re-serialised;
 * the first save after a large import is spread over idle callbacks, and a large saved form is
 * read back in slices ({@link loadSavedFormInSlices}).
 */
import type { Endpoint, Schema } from '../../shared';
import { runInSlices, runToEnd } from '../util/slices';
import type { EndpointStore } from './endpoint-store';
import { loadFormEntries, saveFormEntries } from './source-store';
import { scopeOf } from './workspace';

export const FORM_STORAGE_KEY = 'specform.generator.form.v1';
/** Debounce of saving while typing. */
export const SAVE_DEBOUNCE_MS = 400;
/** Endpoints per storage entry (a keystroke rewrites one entry, not 3 MB). */
export const ENDPOINTS_PER_ENTRY = 24;
/** Schema components per storage entry. */
export const COMPONENTS_PER_ENTRY = 100;

interface SavedEndpoint extends Omit<Endpoint, 'schemaComponents'> {
  /** Indexes into the saved component table. */
  c?: number[];
}

interface Saved {
  v: 1;
  collapsed: string[];
  /** An id in place of an endpoint: the kept document's view (see {@link DocumentBase}). */
  endpoints: (SavedEndpoint | string)[];
  /** The component table: [name, schema] pairs. */
  components?: [string, Schema][];
}

export interface RestoredForm {
  endpoints: Endpoint[];
  collapsed: string[];
  /** The endpoints that are views of the kept document, as the worker gave them. */
  fromBase?: Endpoint[];
  /** The kept document's id, when the saved form names one. */
  base?: string;
}

function isEndpointLike(value: unknown): value is SavedEndpoint {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<Endpoint>;
  return (
    typeof e.id === 'string' &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    Array.isArray(e.parameters) &&
    Array.isArray(e.responses)
  );
}

/** Endpoints linked to their components between pause points while restoring. */
const ENDPOINTS_PER_STEP = 24;
/** Saved forms spanning more storage entries than this are restored in slices. */
export const SYNC_RESTORE_MAX_ENTRIES = 3;

interface SavedHead {
  v?: number;
  collapsed?: unknown;
  endpointEntries?: number;
  componentEntries?: number;
  /**
   * The kept document source (see {@link DocumentBase}) whose views the endpoint entries name by
   * id alone (a string in place of an endpoint).
   */
  base?: string;
}

/**
 * The document the form is a view of (issue 10: the document is the source of truth). Views
 * still exactly as the worker gave them for a loaded document are saved as their id alone, and
 * a reload asks the worker for them again from the kept document text: the saved form of a
 * loaded Stripe document is 4 M characters of source plus a list of ids, where writing every
 * view out was 17.6 M characters serialised on the main thread (100 ms tasks after each Load).
 * Edited, added and imported endpoints are saved whole, as before.
 */
export class DocumentBase {
  private views = new WeakSet<Endpoint>();
  private id: string | undefined;
  private pending: Promise<void> | undefined;
  /** The base id the last saved head names; its source is kept when a new one is saved. */
  savedId: string | undefined;

  /**
   * The views of a document whose text is being kept: `kept` resolves to the kept source's id,
   * or undefined when it could not be kept (no IndexedDB), and then the views are saved whole.
   */
  set(views: readonly Endpoint[], kept: Promise<string | undefined>): void {
    this.views = new WeakSet(views);
    this.id = undefined;
    const pending: Promise<void> = kept.then(
      (id) => {
        if (this.pending !== pending) return;
        this.pending = undefined;
        this.id = id;
      },
      () => {
        if (this.pending === pending) this.pending = undefined;
      },
    );
    this.pending = pending;
  }

  /** Views restored from the kept source `id` (a reload). */
  adopt(views: Iterable<Endpoint>, id: string): void {
    this.views = new WeakSet(views);
    this.id = id;
    this.pending = undefined;
    this.savedId = id;
  }

  /** No document behind the form's views (a small one, or none). */
  clear(): void {
    this.views = new WeakSet();
    this.id = undefined;
    this.pending = undefined;
  }

  /** Resolves once the source being kept has its id (saving waits for it). */
  settled(): Promise<void> | undefined {
    return this.pending;
  }

  /** The kept source's id when `endpoint` is one of its views, unchanged. */
  sourceOf(endpoint: Endpoint): string | undefined {
    return this.pending === undefined && this.id !== undefined && this.views.has(endpoint)
      ? this.id
      : undefined;
  }
}

/**
 * The head that says the form is kept in IndexedDB: localStorage refused it (over its quota of
 * about 5 M characters, which a loaded Stripe-size document exceeds).
 */
export const IN_INDEXED_DB = '{"v":"idb"}';

/**
 * A Storage over a Map: the form's entries on their way to or from IndexedDB. It notes what
 * was set and removed since {@link MapStorage.takeChanges}, so only those go to IndexedDB.
 */
export class MapStorage implements Storage {
  private changed = new Map<string, string>();
  private removed = new Set<string>();
  constructor(private readonly map = new Map<string, string>()) {}
  /** What was set and removed since the last call. */
  takeChanges(): { changed: Map<string, string>; removed: Set<string> } {
    const changes = { changed: this.changed, removed: this.removed };
    this.changed = new Map();
    this.removed = new Set();
    return changes;
  }
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
    this.changed.set(key, String(value));
    this.removed.delete(key);
  }
  removeItem(key: string): void {
    this.map.delete(key);
    this.changed.delete(key);
    this.removed.add(key);
  }
  clear(): void {
    for (const key of this.map.keys()) this.removeItem(key);
  }
}

/** How many storage entries the saved form spans (0: nothing saved, 1: the older one-entry form). */
export function savedFormEntries(storage: Storage | undefined = globalThis.localStorage): number {
  try {
    const raw = storage?.getItem(FORM_STORAGE_KEY);
    if (!raw) return 0;
    // Kept in IndexedDB: read back asynchronously, in slices.
    if (raw === IN_INDEXED_DB) return SYNC_RESTORE_MAX_ENTRIES + 1;
    // The older one-entry form holds everything in the head: count a large one as large.
    if (!raw.startsWith('{"v":2,')) return raw.length > 100_000 ? SYNC_RESTORE_MAX_ENTRIES + 1 : 1;
    // The entry form's head holds the counts and the collapsed ids (20 KB for 468 endpoints).
    const head = JSON.parse(raw) as SavedHead;
    // Views of a kept document come back from the worker, asynchronously.
    if (typeof head.base === 'string') return SYNC_RESTORE_MAX_ENTRIES + 1;
    return 1 + (Number(head.endpointEntries) || 0) + (Number(head.componentEntries) || 0);
  } catch {
    return 0;
  }
}

/**
 * Reads the saved form, pausing (yielding) after each storage entry and each batch of endpoints,
 * so that {@link loadSavedFormInSlices} can spread a Stripe-size form over many short tasks.
 */
function* readSavedForm(
  storage: Storage | undefined,
  base?: ReadonlyMap<string, Endpoint>,
): Generator<void, RestoredForm | undefined> {
  try {
    const raw = storage?.getItem(FORM_STORAGE_KEY);
    if (!storage || !raw) return undefined;
    let value = JSON.parse(raw) as Omit<Partial<Saved>, 'v'> & SavedHead;
    if (value.v === 2) {
      function* read<T>(prefix: string, count: unknown): Generator<void, T[]> {
        const out: T[] = [];
        for (let i = 0; i < (typeof count === 'number' ? count : 0); i++) {
          yield;
          const part = storage!.getItem(`${FORM_STORAGE_KEY}.${prefix}${i}`);
          if (part === null) throw new Error('missing entry');
          for (const item of JSON.parse(part) as T[]) out.push(item);
        }
        return out;
      }
      value = {
        v: 1,
        collapsed: value.collapsed ?? [],
        endpoints: yield* read<SavedEndpoint | string>('e', value.endpointEntries),
        components: yield* read<[string, Schema]>('c', value.componentEntries),
      };
    }
    if (value.v !== 1 || !Array.isArray(value.endpoints)) return undefined;
    const table = Array.isArray(value.components) ? value.components : [];
    const endpoints: Endpoint[] = [];
    const fromBase: Endpoint[] = [];
    let missing = 0;
    for (const [i, saved] of value.endpoints.entries()) {
      if (i % ENDPOINTS_PER_STEP === 0) yield;
      if (typeof saved === 'string') {
        // A view of the kept document, unchanged: the worker gave it again.
        const view = base?.get(saved);
        if (view === undefined) missing++;
        else {
          endpoints.push(view);
          fromBase.push(view);
        }
        continue;
      }
      if (!isEndpointLike(saved)) continue;
      const { c, ...rest } = saved;
      const endpoint: Endpoint = {
        ...rest,
        summary: typeof rest.summary === 'string' ? rest.summary : '',
      };
      if (Array.isArray(c)) {
        const map: Record<string, Schema> = {};
        for (const index of c) {
          const entry = table[index];
          if (entry) map[entry[0]] = entry[1];
        }
        endpoint.schemaComponents = map;
      }
      endpoints.push(endpoint);
    }
    const collapsed = Array.isArray(value.collapsed)
      ? value.collapsed.filter((x): x is string => typeof x === 'string')
      : [];
    if (missing > 0) {
      console.warn(`${missing} endpoints of the saved form were not found in its document`);
    }
    return { endpoints, collapsed, fromBase };
  } catch {
    return undefined;
  }
}

/** The saved form, if there is a readable one, read in one go. */
export function loadSavedForm(
  storage: Storage | undefined = globalThis.localStorage,
): RestoredForm | undefined {
  return runToEnd(readSavedForm(storage));
}

/**
 * The saved form read in slices of a few milliseconds (a Stripe-size form is 3.6 M characters);
 * `undefined` when there is none, it is unreadable, or `isCancelled` turned true.
 */
export async function loadSavedFormInSlices(
  storage: Storage | undefined = globalThis.localStorage,
  isCancelled: () => boolean = () => false,
  openBase?: (id: string) => Promise<Endpoint[] | undefined>,
): Promise<RestoredForm | undefined> {
  let source = storage;
  let baseId: string | undefined;
  let base: Map<string, Endpoint> | undefined;
  try {
    if (storage?.getItem(FORM_STORAGE_KEY) === IN_INDEXED_DB) {
      const entries = await loadFormEntries(scopeOf(storage), FORM_STORAGE_KEY);
      source = new MapStorage(new Map(Object.entries(entries ?? {})));
    }
    const head = JSON.parse(source?.getItem(FORM_STORAGE_KEY) ?? 'null') as SavedHead | null;
    if (typeof head?.base === 'string') {
      baseId = head.base;
      const views = await openBase?.(baseId);
      if (views !== undefined) base = new Map(views.map((view) => [view.id, view]));
    }
  } catch {
    return undefined;
  }
  if (isCancelled()) return undefined;
  const restored = await runInSlices(readSavedForm(source, base), isCancelled);
  if (restored !== undefined && baseId !== undefined && base !== undefined) restored.base = baseId;
  return restored;
}

/**
 * Serialises a store's form incrementally: the component table only grows (a component is a
 * name and a schema object), endpoint JSON is cached per endpoint object.
 */
export class FormSerializer {
  private table: string[] = [];
  private index = new Map<string, Map<Schema, number>>();
  private endpoints = new WeakMap<Endpoint, string>();

  /** The kept document the last {@link serializeEntries} named. */
  lastBase: string | undefined;

  /** `base`: views of a kept document are written as their id alone. */
  constructor(private readonly base?: DocumentBase) {}

  private componentIndex(name: string, schema: Schema): number {
    let bySchema = this.index.get(name);
    if (!bySchema) {
      bySchema = new Map();
      this.index.set(name, bySchema);
    }
    let at = bySchema.get(schema);
    if (at === undefined) {
      at = this.table.length;
      this.table.push(`[${JSON.stringify(name)},${JSON.stringify(schema)}]`);
      bySchema.set(schema, at);
    }
    return at;
  }

  /** Serialises one endpoint (cached); a view of the kept document is its id. */
  endpointJson(endpoint: Endpoint): string {
    if (this.base?.sourceOf(endpoint) !== undefined) return JSON.stringify(endpoint.id);
    let json = this.endpoints.get(endpoint);
    if (json === undefined) {
      const { schemaComponents, ...rest } = endpoint;
      const saved: SavedEndpoint = rest;
      if (schemaComponents !== undefined) {
        saved.c = Object.entries(schemaComponents).map(([name, schema]) =>
          this.componentIndex(name, schema),
        );
      }
      json = JSON.stringify(saved);
      this.endpoints.set(endpoint, json);
    }
    return json;
  }

  /** Whether the endpoint is serialised already (or needs no serialising). */
  isCached(endpoint: Endpoint): boolean {
    return this.endpoints.has(endpoint) || this.base?.sourceOf(endpoint) !== undefined;
  }

  /** The whole saved form. */
  serialize(store: EndpointStore): string {
    const { endpoints, collapsed } = store.snapshot();
    const parts = endpoints.map((e) => this.endpointJson(e));
    return `{"v":1,"collapsed":${JSON.stringify(collapsed)},"endpoints":[${parts.join(',')}],"components":[${this.table.join(',')}]}`;
  }

  /**
   * The saved form as several storage entries: a small head, endpoints in chunks of
   * {@link ENDPOINTS_PER_ENTRY}, the component table in chunks of {@link COMPONENTS_PER_ENTRY}.
   * A keystroke changes one endpoint chunk, so only that entry is written again.
   */
  serializeEntries(store: EndpointStore): Map<string, string> {
    const { endpoints, collapsed } = store.snapshot();
    let base: string | undefined;
    this.lastBase = undefined;
    const parts = endpoints.map((e) => {
      base ??= this.base?.sourceOf(e);
      return this.endpointJson(e);
    });
    const entries = new Map<string, string>();
    let endpointEntries = 0;
    for (let i = 0; i < parts.length; i += ENDPOINTS_PER_ENTRY) {
      entries.set(
        `${FORM_STORAGE_KEY}.e${endpointEntries++}`,
        `[${parts.slice(i, i + ENDPOINTS_PER_ENTRY).join(',')}]`,
      );
    }
    let componentEntries = 0;
    for (let i = 0; i < this.table.length; i += COMPONENTS_PER_ENTRY) {
      entries.set(
        `${FORM_STORAGE_KEY}.c${componentEntries++}`,
        `[${this.table.slice(i, i + COMPONENTS_PER_ENTRY).join(',')}]`,
      );
    }
    // The head goes last: a reader trusts only entries the head counts.
    const head: SavedHead = { v: 2, collapsed, endpointEntries, componentEntries };
    if (base !== undefined) head.base = base;
    this.lastBase = base;
    entries.set(FORM_STORAGE_KEY, JSON.stringify(head));
    return entries;
  }

  /** Forgets the component table when it has outgrown what the form still uses. */
  compactIfStale(store: EndpointStore): void {
    if (this.table.length < 64) return;
    const used = new Set<string>();
    for (const endpoint of store.list()) {
      for (const name of Object.keys(endpoint.schemaComponents ?? {})) used.add(name);
    }
    if (used.size * 2 < this.table.length) {
      this.table = [];
      this.index = new Map();
      this.endpoints = new WeakMap();
    }
  }
}

/** What was last written per storage key, so unchanged entries are not written again. */
export type WrittenEntries = Map<string, string>;

/**
 * Writes the store, pausing (yielding) before each storage entry it writes; returns false when
 * storage refuses (full or missing). The entries come from one snapshot and the head goes last, so
 * the new head never counts an entry that is not written yet. A write cut short (the tab killed
 * between slices) leaves the old head over partly new entries: see docs/decisions.md.
 */
function* saveSteps(
  store: EndpointStore,
  storage: Storage | undefined,
  serializer: FormSerializer,
  written: WrittenEntries,
): Generator<void, boolean> {
  if (!storage) return false;
  try {
    const entries = serializer.serializeEntries(store);
    if (written.size === 0) {
      // First save of this page: entries of an older, longer form may still be stored.
      const prefix = `${FORM_STORAGE_KEY}.`;
      const stale: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(prefix) && !entries.has(key)) stale.push(key);
      }
      for (const key of stale) storage.removeItem(key);
    }
    for (const [key, text] of entries) {
      if (written.get(key) === text) continue;
      yield;
      storage.setItem(key, text);
      written.set(key, text);
    }
    // Entries beyond the new counts belong to a longer, older form.
    for (const key of [...written.keys()]) {
      if (!entries.has(key)) {
        storage.removeItem(key);
        written.delete(key);
      }
    }
    return true;
  } catch {
    // Over quota: what was written stays; the head still counts only complete entries.
    written.clear();
    return false;
  }
}

/** Writes the store now, in one go; false when storage refuses (full or missing). */
export function saveForm(
  store: EndpointStore,
  storage: Storage | undefined = globalThis.localStorage,
  serializer: FormSerializer = new FormSerializer(),
  written: WrittenEntries = new Map(),
): boolean {
  return runToEnd(saveSteps(store, storage, serializer, written));
}

interface IdleDeadline {
  timeRemaining(): number;
}
type IdleWindow = typeof globalThis & {
  requestIdleCallback?: (
    cb: (deadline: IdleDeadline) => void,
    options?: { timeout: number },
  ) => number;
};

/**
 * Saves the store after each burst of changes: endpoints are serialised in idle time, then the
 * changed entries are written in slices (the first save after a Stripe-size Load writes 3.6 M
 * characters). Leaving the page, or stopping, writes at once. Returns the stop function.
 */
export function autoSave(
  store: EndpointStore,
  storage: Storage | undefined = globalThis.localStorage,
  base?: DocumentBase,
): () => void {
  const serializer = new FormSerializer(base);
  const written: WrittenEntries = new Map();
  /**
   * The form's entries when IndexedDB is their home (localStorage refused them once, or the
   * page started with them there); written to IndexedDB after each complete write.
   */
  let mirror: MapStorage | undefined = (() => {
    try {
      return storage?.getItem(FORM_STORAGE_KEY) === IN_INDEXED_DB ? new MapStorage() : undefined;
    } catch {
      return undefined;
    }
  })();
  let persisting: Promise<boolean> = Promise.resolve(true);
  /** After a write: a refused localStorage moves the form to IndexedDB; IndexedDB gets it. */
  const settle = (ok: boolean | undefined, sliced: boolean) => {
    if (!storage || ok === undefined) return;
    if (ok && base !== undefined) base.savedId = serializer.lastBase;
    if (mirror === undefined) {
      if (ok) return;
      mirror = new MapStorage();
      written.clear();
      // Written again, to the mirror this time; it settles into IndexedDB when done.
      if (sliced) {
        writeInSlices();
        return;
      }
      runToEnd(saveSteps(store, mirror, serializer, written));
    }
    const { changed, removed } = mirror.takeChanges();
    // The head is written last, as in localStorage: a reader trusts only entries it counts.
    const head = changed.get(FORM_STORAGE_KEY);
    changed.delete(FORM_STORAGE_KEY);
    if (head !== undefined) changed.set(FORM_STORAGE_KEY, head);
    // One persist at a time, in order: a later write of an entry never lands before an earlier.
    persisting = persisting.then(() => saveFormEntries(changed, removed, scopeOf(storage)));
    void persisting.then((saved) => {
      if (!saved) {
        console.warn('The form could not be kept in this browser: storage is full');
        return;
      }
      // Only with IndexedDB holding the form does localStorage give its space back.
      try {
        if (storage.getItem(FORM_STORAGE_KEY) === IN_INDEXED_DB) return;
        const prefix = `${FORM_STORAGE_KEY}.`;
        const keys: string[] = [];
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key?.startsWith(prefix)) keys.push(key);
        }
        for (const key of keys) storage.removeItem(key);
        storage.setItem(FORM_STORAGE_KEY, IN_INDEXED_DB);
      } catch {
        // storage unavailable: the next restore finds no readable form in it
      }
    });
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let stopped = false;
  /** Bumped by every write: a sliced write that sees a newer one stops (its snapshot is older). */
  let writeNumber = 0;
  let writing = false;
  /** Writes everything now (leaving the page, stopping). */
  const writeNow = () => {
    writeNumber++;
    writing = false;
    dirty = false;
    settle(saveForm(store, mirror ?? storage, serializer, written), false);
  };
  const writeInSlices = () => {
    const mine = ++writeNumber;
    dirty = false;
    writing = true;
    void runInSlices(
      saveSteps(store, mirror ?? storage, serializer, written),
      () => stopped || writeNumber !== mine,
    ).then((ok) => {
      if (writeNumber !== mine) return;
      writing = false;
      settle(ok, true);
      if (writing) return; // settling started another write (into the IndexedDB mirror)
      // Changes made while writing are saved by the next round.
      if (dirty && !stopped && timer === undefined) timer = setTimeout(schedule, SAVE_DEBOUNCE_MS);
    });
  };
  const idle = (globalThis as IdleWindow).requestIdleCallback;
  /** Serialises uncached endpoints while the browser is idle, then writes. */
  const step = (deadline?: IdleDeadline) => {
    if (stopped || !dirty || writing) return;
    // A loaded document's text is still being kept: its views are then saved as ids.
    const keeping = base?.settled();
    if (keeping !== undefined) {
      void keeping.then(() => {
        if (timer === undefined) timer = setTimeout(schedule, 0);
      });
      return;
    }
    if (idle && deadline) {
      for (const endpoint of store.list()) {
        if (serializer.isCached(endpoint)) continue;
        if (deadline.timeRemaining() < 4) {
          idle(step, { timeout: 1000 });
          return;
        }
        serializer.endpointJson(endpoint);
      }
    }
    writeInSlices();
  };
  let lastOrder = store.getOrder();
  function schedule() {
    timer = undefined;
    if (writing) return; // the running write reschedules when it ends
    // Only a changed list (Load, add, remove) can leave components unused.
    if (store.getOrder() !== lastOrder) {
      lastOrder = store.getOrder();
      serializer.compactIfStale(store);
    }
    if (idle) idle(step, { timeout: 2000 });
    else step();
  }
  const unsubscribe = store.subscribeChange(() => {
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(schedule, SAVE_DEBOUNCE_MS);
  });
  const onHide = () => {
    if (dirty || writing) writeNow();
  };
  globalThis.addEventListener?.('pagehide', onHide);
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    globalThis.removeEventListener?.('pagehide', onHide);
    if (dirty || writing) writeNow();
  };
}
